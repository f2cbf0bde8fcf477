import { createRemoteJWKSet, type JWTVerifyGetKey } from 'jose';
import * as client from 'openid-client';
import { UnauthenticatedError } from '@contracts/errors';
import type { SignedInStaff } from '@contracts/principals';
import { type LogoutSubject, verifyLogoutToken } from './backchannel-logout';
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

export interface StaffSignIn {
  start(): Promise<{ url: URL; pending: PendingSignIn }>;
  /** The staff member the provider vouches for, with their role; UnauthenticatedError or ForbiddenError else. */
  finish(callbackUrl: URL, pending: PendingSignIn): Promise<SignedInStaff>;
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
      const claims = await exchangeCode(await configuration(), options, callbackUrl, pending);
      return staffMemberFromClaims(claims, options);
    },
    async loggedOut(logoutToken, now) {
      const { issuer, clientId } = options;
      return verifyLogoutToken(logoutToken, { issuer, clientId, keys: await providerKeys(), now });
    },
  };
}

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
        { execute: options.allowInsecure ? [client.allowInsecureRequests] : [] },
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
): Promise<Record<string, unknown>> {
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
    return claims;
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
    (error instanceof client.ClientError && error.code !== undefined && REFUSALS.has(error.code))
  );
}

const REFUSALS = new Set([
  'OAUTH_INVALID_RESPONSE',
  'OAUTH_JWT_CLAIM_COMPARISON_FAILED',
  'OAUTH_JSON_ATTRIBUTE_COMPARISON_FAILED',
  'OAUTH_JWT_TIMESTAMP_CHECK_FAILED',
  'OAUTH_KEY_SELECTION_FAILED',
]);
