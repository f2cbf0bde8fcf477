import { ValidationError } from '@contracts/errors';
import type { APIContext, AstroCookies } from 'astro';
import { createPostgresIdentityStore } from '@infra/identity/postgres-identity-store';
import { getLogger } from '@infra/logging/logger';
import type { Runtime } from '@infra/runtime';
import { getRuntime } from '@infra/runtime';
import { clientAddress, requestIsHttps } from './forwarded.server';
import { type IdentityPorts, type RequestOrigin, systemClock } from '@services/identity';

const SESSION_COOKIE = 'session';

/**
 * Under https the cookie is `__Host-session`: Secure, path /, no Domain, so neither a
 * sibling subdomain nor a plain-http answer can set or shadow it.
 */
const sessionCookieName = (https: boolean) => (https ? `__Host-${SESSION_COOKIE}` : SESSION_COOKIE);

/** The customer session id the request carries, under the name its protocol uses. */
export function sessionIdOf(context: Pick<APIContext, 'cookies' | 'request'>): string | undefined {
  return context.cookies.get(sessionCookieName(requestIsHttps(context.request)))?.value;
}
/** A JSON body of the identity calls is small; anything larger is refused before it is read. */
export const IDENTITY_BODY_BYTES = 16 * 1024;

const PORTS_KEY = Symbol.for('claims-portal.identity-ports');

/** The identity service's ports over the process runtime (one store, the runtime's mailer). */
export async function identityPorts(): Promise<IdentityPorts> {
  const runtime: Runtime = await getRuntime();
  const holder = runtime as unknown as { [PORTS_KEY]?: IdentityPorts };
  holder[PORTS_KEY] ??= {
    store: createPostgresIdentityStore(runtime.pool, runtime.sessions.customer),
    mailer: runtime.mailer,
    clock: systemClock,
    reportError: (error) => getLogger().error({ err: error }, 'identity mail failed'),
    addressLimitFactor: runtime.config.IDENTITY_ADDRESS_LIMIT_FACTOR,
  };
  return holder[PORTS_KEY];
}

/** The caller's address: the socket's peer, or the client a trusted proxy named (TRUST_PROXY). */
export function requestOrigin(
  context: Pick<APIContext, 'clientAddress' | 'request'>,
): RequestOrigin {
  return { ip: clientAddress(context) };
}

export function setSessionCookie(
  cookies: AstroCookies,
  sessionId: string,
  secure: boolean,
  expires: Date,
): void {
  cookies.set(sessionCookieName(secure), sessionId, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure,
    expires,
  });
}

export function clearSessionCookie(cookies: AstroCookies, secure: boolean): void {
  cookies.delete(sessionCookieName(secure), { path: '/', secure, httpOnly: true, sameSite: 'lax' });
}

/** A field only robots fill (public forms hide it from people). */
const HONEYPOT = 'website';

/** The body without the honeypot, and whether a robot filled it. */
export function withoutHoneypot(body: unknown): {
  trapped: boolean;
  fields: Record<string, unknown>;
} {
  const { [HONEYPOT]: trap, ...fields } = (body ?? {}) as Record<string, unknown>;
  return { trapped: typeof trap === 'string' && trap !== '', fields };
}

/**
 * A one-time code refused (wrong, expired or used up) is a 400 naming the field, with its
 * words in the caller's language; the attempt was already counted by the service.
 */
export function refuseRejectedCode<T extends { readonly status: string; readonly code?: string }>(
  outcome: T,
  field: string,
  wrongCodeMessage: 'mfa.invalidCode' | 'resetPassword.invalidCode' = 'mfa.invalidCode',
): T {
  if (outcome.status !== 'INVALID_VALUE') return outcome;
  const code =
    outcome.code === 'CODE_EXPIRED'
      ? 'mfa.codeExpired'
      : outcome.code === 'CODE_USED'
        ? 'mfa.codeUsed'
        : wrongCodeMessage;
  throw new ValidationError([{ field, code, params: { reason: outcome.code ?? 'WRONG_CODE' } }]);
}
