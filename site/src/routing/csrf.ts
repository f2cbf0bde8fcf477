import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { AstroCookies, MiddlewareHandler } from 'astro';
import type { FieldError } from '@contracts/errors';
import { SIGNED_FORM_PATHS } from '@contracts/api/endpoints';
import { requestLanguage } from '@site/lib/api-language.server';
import { requestIsHttps } from '@site/lib/forwarded.server';
import { forbiddenResponse } from '@site/lib/problem.server';

import { CSRF_COOKIE, CSRF_HEADER } from '@contracts/api/csrf-token';

export { CSRF_COOKIE, CSRF_HEADER };
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** `__Host-csrf_token` under https, so a sibling subdomain cannot plant a token of its choice. */
const csrfCookieName = (https: boolean) => (https ? `__Host-${CSRF_COOKIE}` : CSRF_COOKIE);

function same(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** Sets a new token (at sign-in, customer or staff) and returns it. */
export function rotateCsrfToken(cookies: AstroCookies, https: boolean): string {
  const token = randomBytes(24).toString('base64url');
  cookies.set(csrfCookieName(https), token, {
    path: '/',
    sameSite: 'lax',
    secure: https,
    httpOnly: false,
  });
  return token;
}

/** What a write lacks to pass the double-submit check, named so its author can fix it. */
function csrfFault(token: string | undefined, presented: string | null): FieldError | undefined {
  if (!token) return { field: CSRF_COOKIE, code: 'csrf.cookieMissing' };
  if (!presented) return { field: CSRF_HEADER, code: 'csrf.headerMissing' };
  if (!same(token, presented)) return { field: CSRF_HEADER, code: 'csrf.mismatch' };
  return undefined;
}

/**
 * Double-submit token: every visitor gets a random `csrf_token` cookie (readable by our
 * scripts, SameSite=Lax), and every non-safe API call must echo it in `x-csrf-token`. Another
 * site can make a browser send the cookie but cannot read it, so it cannot send the header.
 */
export const checkCsrf: MiddlewareHandler = async (context, next) => {
  const https = requestIsHttps(context.request);
  const token = context.cookies.get(csrfCookieName(https))?.value;
  if (
    !SAFE_METHODS.has(context.request.method) &&
    context.url.pathname.startsWith('/api/') &&
    // Posts from a server, not a browser: the signed body is what authenticates them.
    !SIGNED_FORM_PATHS.has(context.url.pathname)
  ) {
    const presented = context.request.headers.get(CSRF_HEADER);
    const missing = csrfFault(token, presented);
    if (missing)
      return forbiddenResponse(context.locals.requestId, requestLanguage(context), [missing]);
  }
  if (!token) rotateCsrfToken(context.cookies, https);
  return next();
};
