import type { MiddlewareHandler } from 'astro';
import { getConfig } from '@infra/config/config';
import { DEMO_CUSTOMER } from '@infra/demo/demo-customer';

/**
 * The one place that decides who is calling. DEVELOPMENT ONLY, until sign-in exists
 * (identity issue): outside production every visitor is the demo customer and nobody is
 * staff. Production has no principal at all, so customer and staff calls answer 401.
 */
export const resolvePrincipal: MiddlewareHandler = (context, next) => {
  if (getConfig().NODE_ENV !== 'production') context.locals.customer = DEMO_CUSTOMER;
  return next();
};
