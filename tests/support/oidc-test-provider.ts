import { createServer, type Server } from 'node:http';
import { DEMO_STAFF_USERS, type DemoUser } from '@infra/oidc/demo-staff-users';
import { createDevelopmentOidcProvider } from '@infra/oidc/development-provider';
import { freePort } from './free-port';
import { CookieJar } from './cookie-jar';

export const TEST_CLIENT = { clientId: 'portal-test', clientSecret: 'portal-test-secret' } as const;

export interface TestOidcProvider {
  /** http://127.0.0.1:{port}/oidc */
  readonly issuer: string;
  readonly redirectUri: string;
  /** The provider posts a back-channel logout token for `sub` to the client's logout URI. */
  sendBackchannelLogout(sub: string): Promise<void>;
  /** What the provider's administrator does: the demo user's roles from now on. */
  setRoles(sub: string, roles: readonly string[]): void;
  /** How many refresh-token grants the provider has answered. */
  refreshGrants(): number;
  /** Unreachable: every connection is dropped unanswered until set reachable again. */
  setReachable(reachable: boolean): void;
  close(): Promise<void>;
}

/** The development provider, mounted under /oidc on a plain HTTP server of its own. */
export async function startTestOidcProvider(
  redirectUri: string,
  backchannelLogoutUri?: string,
): Promise<TestOidcProvider> {
  const port = await freePort();
  const issuer = `http://127.0.0.1:${port}/oidc`;
  // Its own copy: a test changes a user's roles without touching the demo list.
  const users: DemoUser[] = DEMO_STAFF_USERS.map((user) => ({ ...user }));
  const oidc = createDevelopmentOidcProvider({
    issuer,
    staffUsers: users,
    clients: [
      {
        ...TEST_CLIENT,
        redirectUris: [redirectUri],
        ...(backchannelLogoutUri && { backchannelLogoutUri }),
      },
    ],
    nodeEnv: 'test',
  });
  let refreshes = 0;
  oidc.provider.on('grant.success', (ctx) => {
    const params = (ctx as { oidc?: { params?: { grant_type?: unknown } } }).oidc?.params;
    if (params?.grant_type === 'refresh_token') refreshes += 1;
  });
  let reachable = true;
  const server: Server = createServer((req, res) => {
    if (!reachable) req.socket.destroy();
    else if (req.url?.startsWith('/oidc')) oidc.callback(req, res);
    else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    issuer,
    redirectUri,
    async sendBackchannelLogout(sub) {
      const client = await oidc.provider.Client.find(TEST_CLIENT.clientId);
      if (!client) throw new Error('the test client is not registered');
      await client.backchannelLogout(sub);
    },
    setRoles(sub, roles) {
      const index = users.findIndex((user) => user.sub === sub);
      if (index < 0) throw new Error(`no demo user ${sub}`);
      users[index] = { ...users[index]!, roles: [...roles] };
    },
    refreshGrants: () => refreshes,
    setReachable(value) {
      reachable = value;
    },
    async close() {
      await oidc.close();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/** A browser without a screen: manual redirects and a cookie jar that ignores paths. */
export class TestBrowser {
  readonly #cookies = new CookieJar();

  async request(url: string | URL, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    const cookie = this.#cookies.header();
    if (cookie) headers.set('cookie', cookie);
    const response = await fetch(url, { ...init, headers, redirect: 'manual' });
    for (const line of response.headers.getSetCookie()) this.#cookies.store(line);
    return response;
  }

  /**
   * Follows the provider's redirects until one leaves for `redirectUri` and returns that
   * address unvisited: the portal's callback is the test's to call.
   */
  async followUntil(start: string | URL, redirectUri: string, init?: RequestInit): Promise<URL> {
    let response = await this.request(start, init);
    for (let hop = 0; hop < 10; hop++) {
      const location = response.headers.get('location');
      if (!location) throw new Error(`expected a redirect, got ${response.status}`);
      const next = new URL(location, response.url);
      if (next.href.startsWith(redirectUri)) return next;
      response = await this.request(next);
    }
    throw new Error('too many redirects');
  }

  cookie(name: string): string | undefined {
    return this.#cookies.get(name);
  }
}

/** The choices on the interaction page: the form action and the `sub` each button posts. */
export function demoUserForms(html: string): { action: string; sub: string }[] {
  const forms = html.matchAll(
    /<form method="post" action="([^"]+)">\s*<input type="hidden" name="sub" value="([^"]+)">/g,
  );
  return [...forms].map(([, action = '', sub = '']) => ({
    action: action.replaceAll('&amp;', '&'),
    sub,
  }));
}

/**
 * What a person does at the provider: open the authorization URL, see the page, press the
 * button of `sub`. Returns the redirect back to the portal, carrying code and state.
 */
export async function chooseDemoUser(
  browser: TestBrowser,
  authorizationUrl: URL,
  sub: string,
  redirectUri: string,
): Promise<URL> {
  const toPage = await browser.request(authorizationUrl);
  const pageUrl = new URL(toPage.headers.get('location') ?? '', authorizationUrl);
  const page = await browser.request(pageUrl);
  const form = demoUserForms(await page.text()).find((f) => f.sub === sub);
  if (!form) throw new Error(`no button for ${sub} on ${pageUrl}`);
  return browser.followUntil(new URL(form.action, pageUrl), redirectUri, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ sub }).toString(),
  });
}

/**
 * Staff sign-in at a portal that serves its own development provider (`npm start`): the
 * browser then holds the staff session and CSRF cookies.
 */
export async function signInAsDemoStaffAt(
  browser: TestBrowser,
  base: string,
  sub = 'dev-agent-claire',
): Promise<void> {
  const init = await browser.request(`${base}/api/auth/init`);
  await browser.request(
    await chooseDemoUser(
      browser,
      new URL(init.headers.get('location') ?? '', base),
      sub,
      `${base}/api/auth/callback`,
    ),
  );
}
