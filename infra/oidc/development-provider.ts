import { generateKeyPairSync, randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import Provider, { type Account, type Configuration } from 'oidc-provider';
import { getLogger } from '../logging/logger';
import { DEMO_STAFF_USERS, type DemoUser } from './demo-staff-users';
import { developmentInteractions, fullUrl, interactionPath } from './development-interactions';
import { errorPage, sendHtml } from './development-pages';
import { STAFF_SESSION_SECONDS } from './staff-sessions';

export { DEMO_STAFF_USERS };

interface DevelopmentClient {
  readonly clientId: string;
  readonly clientSecret: string;
  readonly redirectUris: readonly string[];
  /** Where the provider posts its OpenID Connect Back-Channel Logout 1.0 logout tokens. */
  readonly backchannelLogoutUri?: string;
}

export interface DevelopmentProviderOptions {
  /** The full issuer URL; its path (e.g. /oidc) is where the launcher mounts `callback`. */
  readonly issuer: string;
  readonly clients: readonly DevelopmentClient[];
  readonly staffUsers?: readonly DemoUser[];
  readonly nodeEnv: string;
}

export interface DevelopmentOidcProvider {
  readonly provider: Provider;
  /** Serves every request whose path starts with the issuer's path. */
  readonly callback: (req: IncomingMessage, res: ServerResponse) => void;
  /** Stops answering: later requests get 503. The provider holds no sockets or timers. */
  readonly close: () => Promise<void>;
}

const TEN_MINUTES = 10 * 60;

/**
 * An OpenID Provider for development and tests: code flow with PKCE, a page listing demo
 * users, ID tokens carrying sub, email, name and roles. It keeps everything in memory and
 * signs with a key made at start, so it refuses to run in production.
 */
export function createDevelopmentOidcProvider(
  options: DevelopmentProviderOptions,
): DevelopmentOidcProvider {
  if (options.nodeEnv === 'production') {
    throw new Error(
      'The development OpenID provider does not run with NODE_ENV=production; set OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET',
    );
  }
  const users = options.staffUsers ?? DEMO_STAFF_USERS;
  const prefix = new URL(options.issuer).pathname.replace(/\/$/, '');
  const provider = new Provider(options.issuer, configuration(options, users, prefix));
  // An https issuer served by a plain-http Node process sits behind a TLS-offloading proxy.
  provider.proxy = options.issuer.startsWith('https:');
  const interactions = developmentInteractions(provider, prefix, users);
  const oidc = mounted(provider.callback(), prefix);
  let closed = false;
  const callback = (req: IncomingMessage, res: ServerResponse) => {
    if (closed) return sendHtml(res, 503, errorPage('Stopped', 'The provider is stopped.'));
    interactions(req, res)
      .then((handled) => handled || oidc(req, res))
      .catch((err: unknown) => {
        getLogger().error({ err }, 'development OpenID provider failed');
        if (!res.headersSent) sendHtml(res, 500, errorPage('Error', 'The sign-in failed.'));
        else res.end();
      });
  };
  return {
    provider,
    callback,
    close: async () => {
      closed = true;
    },
  };
}

function configuration(
  options: DevelopmentProviderOptions,
  users: readonly DemoUser[],
  prefix: string,
): Configuration {
  return {
    clients: options.clients.map((client) => ({
      client_id: client.clientId,
      client_secret: client.clientSecret,
      redirect_uris: client.redirectUris,
      response_types: ['code'],
      grant_types: ['authorization_code', 'refresh_token'],
      token_endpoint_auth_method: 'client_secret_basic',
      ...(client.backchannelLogoutUri
        ? { backchannel_logout_uri: client.backchannelLogoutUri }
        : {}),
    })),
    responseTypes: ['code'],
    pkce: { required: () => true },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'roles'] },
    // Scope claims in the ID token itself: the portal reads roles from it, not from userinfo.
    conformIdTokenClaims: false,
    findAccount: async (_ctx, sub) => account(users.find((user) => user.sub === sub)),
    cookies: { keys: [randomBytes(32).toString('base64url')] },
    jwks: { keys: [signingKey()] },
    features: { devInteractions: { enabled: false }, backchannelLogout: { enabled: true } },
    // The portal re-validates a staff session with a refresh token every 5 minutes (decision
    // 118): one is issued without offline_access, and it lasts as long as the staff session,
    // whatever becomes of the provider's own browser session.
    issueRefreshToken: async (_ctx, client) => client.grantTypeAllowed('refresh_token'),
    expiresWithSession: async () => false,
    interactions: {
      url: async (_ctx, interaction) => interactionPath(prefix, interaction.uid),
    },
    renderError: async (ctx, out) => {
      ctx.type = 'html';
      ctx.body = errorPage('Sign-in error', `${out.error}: ${out.error_description ?? ''}`);
    },
    // Its back-channel logout tokens go to the portal beside it, on localhost: the SSRF guard
    // oidc-provider puts on outgoing requests (special-use addresses refused) would stop them.
    fetch: (url, { dispatcher: _guard, ...init }) => globalThis.fetch(url, init),
    ttl: {
      AccessToken: TEN_MINUTES,
      AuthorizationCode: 60,
      Grant: STAFF_SESSION_SECONDS,
      RefreshToken: STAFF_SESSION_SECONDS,
      IdToken: TEN_MINUTES,
      Interaction: TEN_MINUTES,
      Session: TEN_MINUTES,
    },
  };
}

function account(user: DemoUser | undefined): Account | undefined {
  if (!user) return undefined;
  return {
    accountId: user.sub,
    claims: () => ({
      sub: user.sub,
      email: user.email,
      email_verified: true,
      name: user.name,
      roles: [...user.roles],
    }),
  };
}

function signingKey(): Record<string, unknown> {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return { ...privateKey.export({ format: 'jwk' }), alg: 'RS256', use: 'sig' };
}

const isBelow = (url: string, prefix: string) =>
  url === prefix || url.startsWith(`${prefix}/`) || url.startsWith(`${prefix}?`);

/** oidc-provider resolves its routes below the mount path it finds in `originalUrl`. */
function mounted(
  handler: (req: IncomingMessage, res: ServerResponse) => unknown,
  prefix: string,
): (req: IncomingMessage, res: ServerResponse) => void {
  return (req, res) => {
    const url = fullUrl(req);
    if (!isBelow(url, prefix)) {
      sendHtml(res, 404, errorPage('Not found', 'No such provider address.'));
      return;
    }
    const path = url.slice(prefix.length) || '/';
    if (/^\/auth(\/|\?|$)/.test(path)) forgetProviderSession(req);
    Object.assign(req, { originalUrl: url, url: path });
    void handler(req, res);
  };
}

/**
 * Demo users switch often: every authorization starts without a provider session, so the
 * page is always shown and a switch of user needs no provider logout in between.
 */
function forgetProviderSession(req: IncomingMessage): void {
  const cookies = req.headers.cookie?.split(/;\s*/) ?? [];
  const kept = cookies.filter((cookie) => !/^_session(\.sig)?=/.test(cookie));
  if (kept.length > 0) req.headers.cookie = kept.join('; ');
  else delete req.headers.cookie;
}
