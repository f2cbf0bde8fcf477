import type { MiddlewareHandler } from 'astro';
import { lookupSession } from '@services/identity';
import { identityPorts, sessionIdOf } from '@site/lib/identity.server';
import { SIGN_OUT_PATHS } from '@site/lib/sign-out.server';
import { secureCookies, staffSessionFromCookies } from '@site/lib/staff-auth.server';

/**
 * The one place that decides who is calling: the customer from the customer session, staff
 * from the staff session (OpenID Connect sign-in). Nobody else, in any environment.
 */
export const resolvePrincipal: MiddlewareHandler = async (context, next) => {
  // Signing out needs no principal, and must not wait on Postgres (issue 44).
  if (SIGN_OUT_PATHS.has(context.url.pathname)) return next();
  const sessionId = sessionIdOf(context);
  const session = sessionId ? await lookupSession(await identityPorts(), sessionId) : undefined;
  if (session) context.locals.customer = session.claimant;
  if (context.url.pathname.startsWith('/api/') || context.url.pathname.startsWith('/admin')) {
    const found = await staffSessionFromCookies(
      context.cookies,
      await secureCookies(context.request),
    );
    if (found) {
      context.locals.staff = found.session.staff;
      context.locals.staffRole = found.session.role;
    }
  }
  return next();
};
