import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { MiddlewareHandler } from 'astro';

export const CSRF_COOKIE = 'csrf_token';
export const CSRF_HEADER = 'x-csrf-token';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

function same(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

function forbidden(requestId: string): Response {
  return new Response(
    JSON.stringify({
      type: 'about:blank',
      title: 'Not allowed',
      status: 403,
      code: 'FORBIDDEN',
      requestId,
    }),
    { status: 403, headers: { 'content-type': 'application/problem+json' } },
  );
}

/**
 * Double-submit token: every visitor gets a random `csrf_token` cookie (readable by our
 * scripts, SameSite=Lax), and every non-safe API call must echo it in `x-csrf-token`. Another
 * site can make a browser send the cookie but cannot read it, so it cannot send the header.
 */
export const checkCsrf: MiddlewareHandler = async (context, next) => {
  const token = context.cookies.get(CSRF_COOKIE)?.value;
  if (!SAFE_METHODS.has(context.request.method) && context.url.pathname.startsWith('/api/')) {
    const presented = context.request.headers.get(CSRF_HEADER);
    if (!token || !presented || !same(token, presented)) return forbidden(context.locals.requestId);
  }
  if (!token) {
    context.cookies.set(CSRF_COOKIE, randomBytes(24).toString('base64url'), {
      path: '/',
      sameSite: 'lax',
      secure: context.url.protocol === 'https:',
      httpOnly: false,
    });
  }
  return next();
};
