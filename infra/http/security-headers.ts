/**
 * No page of the portal may be framed: clickjacking on sign-in or on a staff save. A page
 * frames only our own answers (the staff document viewer, decision 061).
 */
const FRAME_POLICY =
  "frame-ancestors 'none'; base-uri 'self'; object-src 'none'; form-action 'self'; frame-src 'self'";
/** An API answer is data, never a document a browser should run or style. */
const API_POLICY = "default-src 'none'; frame-ancestors 'none'";
/**
 * A claim document in the staff viewer: framed by our own pages only, and, whatever its bytes
 * hold, it may load, run or submit nothing (a PDF's scripts and links included).
 */
const DOCUMENT_POLICY =
  "default-src 'none'; frame-ancestors 'self'; base-uri 'none'; form-action 'none'";
const VIEWED_DOCUMENT = /^\/api\/admin\/claims\/[^/]+\/documents\/[^/]+$/;
const PERMISSIONS =
  'camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()';
const TWO_YEARS = 2 * 365 * 24 * 60 * 60;

export const isApiPath = (pathname: string) => pathname.startsWith('/api/');

/**
 * The headers every answer carries (issue 13): pages, API answers, redirects, static assets
 * and the edge's own refusals alike.
 */
export function securityHeaders(pathname: string, https: boolean): Record<string, string> {
  const framed = VIEWED_DOCUMENT.test(pathname);
  return {
    'x-content-type-options': 'nosniff',
    'x-frame-options': framed ? 'SAMEORIGIN' : 'DENY',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'permissions-policy': PERMISSIONS,
    'cross-origin-opener-policy': 'same-origin',
    'content-security-policy': framed
      ? DOCUMENT_POLICY
      : isApiPath(pathname)
        ? API_POLICY
        : FRAME_POLICY,
    ...(https ? { 'strict-transport-security': `max-age=${TWO_YEARS}; includeSubDomains` } : {}),
  };
}

/**
 * Astro writes a page's script-src and style-src (hashes of every script and style it emits,
 * `security.csp` in astro.config.mjs); ours adds framing and base rules to the same header.
 */
export function mergedPolicy(astroPolicy: string | null | undefined, ours: string): string {
  if (!astroPolicy) return ours;
  if (astroPolicy.includes(ours)) return astroPolicy;
  return `${astroPolicy.trim().replace(/;?$/, ';')} ${ours}`;
}
