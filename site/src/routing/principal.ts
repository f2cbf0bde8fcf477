import type { MiddlewareHandler } from 'astro';
import { getConfig } from '@infra/config/config';
import { DEMO_CUSTOMER } from '@infra/demo/demo-customer';
import { lookupSession } from '@services/identity';
import { identityPorts, SESSION_COOKIE } from '@site/lib/identity.server';
import { staffFromCookies } from '@site/lib/staff-auth.server';

/**
 * The one place that decides who is calling. Staff: the staff session (OpenID Connect
 * sign-in). Customers: the customer session. DEVELOPMENT ONLY, until the sign-in pages
 * exist: a visitor without a session outside production is the demo customer; production
 * has no such stand-in (401).
 */
export const resolvePrincipal: MiddlewareHandler = async (context, next) => {
  const sessionId = context.cookies.get(SESSION_COOKIE)?.value;
  const session = sessionId ? await lookupSession(await identityPorts(), sessionId) : undefined;
  if (session) {
    context.locals.customer = session.claimant;
    context.locals.customerSession = true;
  } else if (getConfig().NODE_ENV !== 'production') {
    context.locals.customer = DEMO_CUSTOMER;
  }
  if (context.url.pathname.startsWith('/api/') || context.url.pathname.startsWith('/admin')) {
    context.locals.staff = await staffFromCookies(context.cookies);
  }
  return next();
};
