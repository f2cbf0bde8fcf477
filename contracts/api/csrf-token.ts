/** The double-submit CSRF token's cookie and header: checked by site/src/routing/csrf.ts, declared in the OpenAPI document. */
export const CSRF_COOKIE = 'csrf_token';
export const CSRF_HEADER = 'x-csrf-token';
