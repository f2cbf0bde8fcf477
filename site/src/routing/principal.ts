import type { MiddlewareHandler } from 'astro';
import { getConfig } from '@infra/config/config';
import { DEMO_CUSTOMER } from '@infra/demo/demo-customer';
import { staffFromCookies } from '@site/lib/staff-auth.server';

/**
 * The one place that decides who is calling. Staff: the staff session (OpenID Connect
 * sign-in). Customers: DEVELOPMENT ONLY until customer sign-in lands, every visitor outside
 * production is the demo customer; production has no customer principal yet (401).
 */
export const resolvePrincipal: MiddlewareHandler = async (context, next) => {
  if (getConfig().NODE_ENV !== 'production') context.locals.customer = DEMO_CUSTOMER;
  if (context.url.pathname.startsWith('/api/') || context.url.pathname.startsWith('/admin')) {
    context.locals.staff = await staffFromCookies(context.cookies);
  }
  return next();
};
