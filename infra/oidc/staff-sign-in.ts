import { createRemoteJWKSet, type JWTVerifyGetKey } from 'jose';
import * as client from 'openid-client';
import { UnauthenticatedError } from '@contracts/errors';
import type { SignedInStaff } from '@contracts/principals';
import { type LogoutSubject, verifyLogoutToken } from './backchannel-logout';
import type { ProviderCredential } from './provider-credential';
import {
  type ProviderVerdict,
  recheckWithProvider,
  type SessionHolder,
  TOKEN_CHECK_FAILURES,
} from './provider-recheck';
import { type StaffRule, staffMemberFromClaims } from './staff-claims';

export interface StaffSignInOptions extends StaffRule {
  readonly issuer: string;
  readonly clientId: string;
  readonly clientSecret: string;
  /** Registered at the provider; the callback URL is rebuilt on it, whatever host served it. */
  readonly redirectUri: string;
  /** Lets http issuers through: development and tests only. */
  readonly allowInsecure: boolean;
  /** Default 'openid email profile'. */
  readonly scope?: string;
}

/** What a sign-in must remember between the redirect to the provider and the way back. */
export interface PendingSignIn {
  readonly state: string;
  readonly nonce: string;
  readonly codeVerifier: string;
}

/** A finished sign-in: the staff member, and what asks the provider about them again. */
interface SignedInWithProvider extends SignedInStaff {
  readonly credential: ProviderCredential;
}

export interface StaffSignIn {
  start(): Promise<{ url: URL; pending: PendingSignIn }>;
  /** The staff member the provider vouches for, with their role; UnauthenticatedError or ForbiddenError else. */
  finish(callbackUrl: URL, pending: PendingSignIn): Promise<SignedInWithProvider>;
  /** Whether the provider still vouches for the session's holder (decision 118). */
  recheck(credential: ProviderCredential, holder: SessionHolder): Promise<ProviderVerdict>;
  /** Whom a back-channel logout token from this provider names; InvalidLogoutToken else. */
  loggedOut(logoutToken: string, now: Date): Promise<LogoutSubject>;
}

/** Staff sign-in against any OpenID issuer: authorization code flow, PKCE S256, state, nonce. */
export function createStaffSignIn(options: StaffSignInOptions): StaffSignIn {
  const configuration = lazyDiscovery(options);
  let keys: JWTVerifyGetKey | undefined;
  const providerKeys = async () => {
    const jwksUri = (await configuration()).serverMetadata().jwks_uri;
    if (!jwksUri) throw new Error('the OpenID Provider publishes no jwks_uri');
    keys ??= createRemoteJWKSet(new URL(jwksUri));
    return keys;
  };
  return {
    async start() {
      const pending: PendingSignIn = {
        state: client.randomState(),
        nonce: client.randomNonce(),
        codeVerifier: client.randomPKCECodeVerifier(),
      };
      const url = client.buildAuthorizationUrl(await configuration(), {
        redirect_uri: options.redirectUri,
        scope: options.scope ?? 'openid email profile',
        state: pending.state,
        nonce: pending.nonce,
        code_challenge: await client.calculatePKCECodeChallenge(pending.codeVerifier),
        code_challenge_method: 'S256',
      });
      return { url, pending };
    },
    async finish(callbackUrl, pending) {
      const tokens = await exchangeCode(await configuration(), options, callbackUrl, pending);
      return { ...staffMemberFromClaims(tokens.claims, options), credential: tokens.credential };
    },
    async recheck(credential, holder) {
      const discovered = await configuration().catch(() => undefined);
      if (!discovered) return { kind: 'unreachable', reason: 'discovery failed' };
      return recheckWithProvider(discovered, options, credential, holder);
    },
    async loggedOut(logoutToken, now) {
      const { issuer, clientId } = options;
      return verifyLogoutToken(logoutToken, { issuer, clientId, keys: await providerKeys(), now });
    },
  };
}

/** A provider slower than this counts as unreachable (a staff request waits on a re-check). */
const PROVIDER_TIMEOUT_SECONDS = 10;

/** Discovers on first use, so the portal starts before the provider; a failure is retried. */
function lazyDiscovery(options: StaffSignInOptions): () => Promise<client.Configuration> {
  let discovered: Promise<client.Configuration> | undefined;
  return () => {
    discovered ??= client
      .discovery(
        new URL(options.issuer),
        options.clientId,
        undefined,
        client.ClientSecretBasic(options.clientSecret),
        {
          execute: options.allowInsecure ? [client.allowInsecureRequests] : [],
          timeout: PROVIDER_TIMEOUT_SECONDS,
        },
      )
      .catch((error: unknown) => {
        discovered = undefined;
        throw error;
      });
    return discovered;
  };
}

async function exchangeCode(
  configuration: client.Configuration,
  options: StaffSignInOptions,
  callbackUrl: URL,
  pending: PendingSignIn,
): Promise<{ claims: Record<string, unknown>; credential: ProviderCredential }> {
  const response = new URL(options.redirectUri);
  response.search = callbackUrl.search;
  try {
    const tokens = await client.authorizationCodeGrant(configuration, response, {
      expectedState: pending.state,
      expectedNonce: pending.nonce,
      pkceCodeVerifier: pending.codeVerifier,
    });
    const claims = tokens.claims();
    if (!claims) throw new UnauthenticatedError('the identity provider returned no ID token');
    // A refresh token outlives the access token; a provider that issues none is asked with the
    // access token until it expires, and then the session ends (decision 118).
    const credential: ProviderCredential = tokens.refresh_token
      ? { kind: 'refresh', token: tokens.refresh_token }
      : { kind: 'access', token: tokens.access_token };
    return { claims, credential };
  } catch (error) {
    if (isRefusedResponse(error)) {
      throw new UnauthenticatedError('the sign-in response was refused', { cause: error });
    }
    throw error;
  }
}

/**
 * The provider said no (access_denied, a used code) or its answer failed a check (state,
 * nonce, issuer, signature). A provider that cannot be reached stays an ordinary error.
 */
function isRefusedResponse(error: unknown): boolean {
  return (
    error instanceof client.AuthorizationResponseError ||
    error instanceof client.ResponseBodyError ||
    (error instanceof client.ClientError &&
      error.code !== undefined &&
      TOKEN_CHECK_FAILURES.has(error.code))
  );
}
