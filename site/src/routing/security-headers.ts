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

/**
 * Astro writes a page's script-src and style-src (hashes of every script and style it emits,
 * `security.csp` in astro.config.mjs); ours adds framing and base rules to the same header.
 */
export function mergedPolicy(astroPolicy: string | null, ours: string): string {
  if (!astroPolicy) return ours;
  return `${astroPolicy.trim().replace(/;?$/, ';')} ${ours}`;
}

function withHeaders(response: Response, headers: Record<string, string>): void {
  for (const [name, value] of Object.entries(headers)) {
    if (name === 'content-security-policy') {
      response.headers.set(name, mergedPolicy(response.headers.get(name), value));
    } else if (!response.headers.has(name)) {
      response.headers.set(name, value);
    }
  }
}

export const addSecurityHeaders: MiddlewareHandler = async (context, next) => {
  const response = await next();
  const headers = securityHeaders(context.url.pathname, isHttps(context.request, context.url));
  try {
    withHeaders(response, headers);
    return response;
  } catch {
    // Response.redirect() and fetch answers have immutable headers: copy them into a new one.
    const copy = new Response(response.body, {
      status: response.status,
      statusText: response.statusText,
      headers: new Headers(response.headers),
    });
    withHeaders(copy, headers);
    return copy;
  }
};
