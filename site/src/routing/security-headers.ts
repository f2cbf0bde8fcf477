import type { MiddlewareHandler } from 'astro';

/** No page of the portal may be framed: clickjacking on sign-in or on a staff save. */
const FRAME_POLICY =
  "frame-ancestors 'none'; base-uri 'self'; object-src 'none'; form-action 'self'";
/** An API answer is data, never a document a browser should run or style. */
const API_POLICY = "default-src 'none'; frame-ancestors 'none'";
const PERMISSIONS =
  'camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()';
const TWO_YEARS = 2 * 365 * 24 * 60 * 60;

/** The headers every page and API answer carries (issue 13). */
export function securityHeaders(pathname: string, https: boolean): Record<string, string> {
  return {
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'permissions-policy': PERMISSIONS,
    'cross-origin-opener-policy': 'same-origin',
    'content-security-policy': pathname.startsWith('/api/') ? API_POLICY : FRAME_POLICY,
    ...(https ? { 'strict-transport-security': `max-age=${TWO_YEARS}; includeSubDomains` } : {}),
  };
}

const isHttps = (request: Request, url: URL) =>
  url.protocol === 'https:' || request.headers.get('x-forwarded-proto') === 'https';

export const addSecurityHeaders: MiddlewareHandler = async (context, next) => {
  const response = await next();
  const headers = securityHeaders(context.url.pathname, isHttps(context.request, context.url));
  try {
    for (const [name, value] of Object.entries(headers)) {
      if (!response.headers.has(name)) response.headers.set(name, value);
    }
    return response;
  } catch {
    // Response.redirect() and fetch answers have immutable headers: copy them into a new one.
    const copy = new Headers(response.headers);
    for (const [name, value] of Object.entries(headers)) if (!copy.has(name)) copy.set(name, value);
    return new Response(response.body, {
      status: response.status,
      statusText: response.statusText,
      headers: copy,
    });
  }
};
