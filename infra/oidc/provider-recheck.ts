import * as client from 'openid-client';
import { ForbiddenError } from '@contracts/errors';
import type { SignedInStaff } from '@contracts/principals';
import type { ProviderCredential } from './provider-credential';
import { type StaffRule, staffMemberFromClaims } from './staff-claims';

/** What the OpenID Provider says of a staff session when asked again (decision 118). */
export type ProviderVerdict =
  /** Still staff, in the role the session holds; `credential` when the provider rotated it. */
  | { readonly kind: 'confirmed'; readonly credential?: ProviderCredential }
  /** The role is gone or changed, the grant refused, or the person is someone else. */
  | { readonly kind: 'refused'; readonly reason: string }
  /** No answer, or a server error: the provider said nothing about the person. */
  | { readonly kind: 'unreachable'; readonly reason: string };

/** Whom the session was opened for: the provider must still name that person, in that role. */
export type SessionHolder = Pick<SignedInStaff, 'staffId' | 'role'>;

/**
 * Asks the provider again, as sign-in did: a refresh-token grant (its ID token, else the
 * userinfo of its access token) or the userinfo of the stored access token; the claims go
 * through the same staff rule as at sign-in.
 */
export async function recheckWithProvider(
  configuration: client.Configuration,
  rule: StaffRule,
  credential: ProviderCredential,
  holder: SessionHolder,
): Promise<ProviderVerdict> {
  try {
    const { claims, rotated } = await currentClaims(configuration, credential, holder.staffId);
    const staff = staffMemberFromClaims(claims, rule);
    if (staff.staffId !== holder.staffId) return refused('the provider named someone else');
    if (staff.role !== holder.role) return refused(`the role is now ${staff.role}`);
    return rotated ? { kind: 'confirmed', credential: rotated } : { kind: 'confirmed' };
  } catch (error) {
    if (error instanceof ForbiddenError) return refused(error.message);
    if (isRefusal(error)) return refused(errorSummary(error));
    return { kind: 'unreachable', reason: errorSummary(error) };
  }
}

async function currentClaims(
  configuration: client.Configuration,
  credential: ProviderCredential,
  staffId: string,
): Promise<{ claims: Record<string, unknown>; rotated?: ProviderCredential }> {
  if (credential.kind === 'access') {
    return { claims: await client.fetchUserInfo(configuration, credential.token, staffId) };
  }
  const tokens = await client.refreshTokenGrant(configuration, credential.token);
  const next = tokens.refresh_token;
  const rotated: ProviderCredential | undefined =
    next && next !== credential.token ? { kind: 'refresh', token: next } : undefined;
  const claims =
    tokens.claims() ?? (await client.fetchUserInfo(configuration, tokens.access_token, staffId));
  return { claims, ...(rotated ? { rotated } : {}) };
}

const refused = (reason: string): ProviderVerdict => ({ kind: 'refused', reason });

/** The provider answered and said no: an OAuth error, a 401/403, or a token that fails a check. */
function isRefusal(error: unknown): boolean {
  if (error instanceof client.ResponseBodyError) return error.status < 500;
  if (error instanceof client.WWWAuthenticateChallengeError) return error.status < 500;
  return (
    error instanceof client.ClientError &&
    error.code !== undefined &&
    TOKEN_CHECK_FAILURES.has(error.code)
  );
}

/** openid-client's codes for an answer that fails a check (state, nonce, issuer, signature). */
export const TOKEN_CHECK_FAILURES: ReadonlySet<string> = new Set([
  'OAUTH_INVALID_RESPONSE',
  'OAUTH_JWT_CLAIM_COMPARISON_FAILED',
  'OAUTH_JSON_ATTRIBUTE_COMPARISON_FAILED',
  'OAUTH_JWT_TIMESTAMP_CHECK_FAILED',
  'OAUTH_KEY_SELECTION_FAILED',
]);

/** For the log: the error's name, code and OAuth error, never a token. */
function errorSummary(error: unknown): string {
  if (!(error instanceof Error)) return 'unknown error';
  const { code, error: oauthError } = error as { code?: unknown; error?: unknown };
  return [error.name, code, oauthError].filter((part) => typeof part === 'string').join(' ');
}
