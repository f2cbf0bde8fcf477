import type { MiddlewareHandler } from 'astro';
import { ADMIN_HOME, AUDIT_REPORT_PAGE, STAFF_SIGN_IN } from '@site/admin/admin-paths';
import { ADMIN_TENANT, BASE_TENANT, type TenantId } from './tenant';

export { ADMIN_HOME, STAFF_SIGN_IN };

const PROTECTED_PAGES: ReadonlySet<string> = new Set([
  '/admin/dashboard',
  '/admin/search',
  '/admin/claim',
  AUDIT_REPORT_PAGE,
]);
const REFUSAL_PAGES = { ended: '/admin/error/403', unconfirmed: '/admin/error/503' } as const;
const ERROR_PAGE = /^\/admin\/error\/(?:400|403|404|405|500|503)$/;
const ADMIN_PATH = /^\/admin(?:\/|$)/;

export type AdminRoute =
  | { readonly kind: 'page' }
  | { readonly kind: 'redirect'; readonly location: string }
  | { readonly kind: 'notAdmin' };

const API_PATH = /^\/api(?:\/|$)/;

/**
 * Staff spec §2: the error pages are open; the three staff pages need a staff session, else
 * sign-in starts; /admin, /admin/, /admin/en and any other admin path go to the dashboard,
 * and so does any path outside /admin and /api on the admin host ("unknown paths and the
 * root on the admin tenant").
 */
export function adminRoute(
  pathname: string,
  signedIn: boolean,
  tenant: TenantId = BASE_TENANT,
  refusal?: App.Locals['staffRefusal'],
): AdminRoute {
  if (!ADMIN_PATH.test(pathname)) {
    const onAdminHost = tenant === ADMIN_TENANT && !API_PATH.test(pathname);
    return onAdminHost ? { kind: 'redirect', location: ADMIN_HOME } : { kind: 'notAdmin' };
  }
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (ERROR_PAGE.test(path)) return { kind: 'page' };
  if (!PROTECTED_PAGES.has(path)) return { kind: 'redirect', location: ADMIN_HOME };
  // A session the provider stopped vouching for shows why, not a new sign-in (decision 118).
  if (refusal) return { kind: 'redirect', location: REFUSAL_PAGES[refusal] };
  if (!signedIn) return { kind: 'redirect', location: STAFF_SIGN_IN };
  return path === pathname ? { kind: 'page' } : { kind: 'redirect', location: path };
}

export const routeAdmin: MiddlewareHandler = (context, next) => {
  const route = adminRoute(
    context.url.pathname,
    context.locals.staff !== undefined,
    context.locals.tenant,
    context.locals.staffRefusal,
  );
  if (route.kind !== 'redirect') return next();
  const keepQuery = ![STAFF_SIGN_IN, ADMIN_HOME, ...Object.values(REFUSAL_PAGES)].includes(
    route.location,
  );
  return new Response(null, {
    status: 302,
    headers: {
      location: keepQuery ? route.location + context.url.search : route.location,
      'cache-control': 'no-store',
    },
  });
};
