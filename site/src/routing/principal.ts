import type { MiddlewareHandler } from 'astro';
import { lookupSession } from '@services/identity';
import { identityPorts, sessionIdOf } from '@site/lib/identity.server';
import { SIGN_OUT_PATHS } from '@site/lib/sign-out.server';
import {
  clearSessionCookie,
  endedStaffSessionOf,
  secureCookies,
  standingStaffSession,
} from '@site/lib/staff-auth.server';

/**
 * The one place that decides who is calling: the customer from the customer session, staff
 * from the staff session (OpenID Connect sign-in), re-validated with the provider every 5
 * minutes (decision 118). Nobody else, in any environment. `clock` is for tests.
 */
export function principalResolver(clock: () => Date = () => new Date()): MiddlewareHandler {
  return async (context, next) => {
    // Signing out needs no principal, and must not wait on Postgres (issue 44).
    if (SIGN_OUT_PATHS.has(context.url.pathname)) return next();
    const sessionId = sessionIdOf(context);
    const session = sessionId ? await lookupSession(await identityPorts(), sessionId) : undefined;
    if (session) context.locals.customer = session.claimant;
    if (context.url.pathname.startsWith('/api/') || context.url.pathname.startsWith('/admin')) {
      const secure = await secureCookies(context.request);
      const found = await standingStaffSession(context.cookies, secure, clock());
      if (found?.standing === 'vouched') {
        context.locals.staff = found.session.staff;
        context.locals.staffRole = found.session.role;
      } else if (found) {
        context.locals.staffRefusal = found.standing;
        if (found.standing === 'ended') clearSessionCookie(context.cookies, secure);
      } else if (await endedStaffSessionOf(context.cookies, secure, clock())) {
        context.locals.staffRefusal = 'ended';
        clearSessionCookie(context.cookies, secure);
      }
    }
    return next();
  };
}

export const resolvePrincipal: MiddlewareHandler = principalResolver();
