import type { RawAnswer } from './raw-http';

/**
 * A claim document for the staff viewer may be framed by our own pages (decision 061): its
 * path, raw or as a URL parser resolves it, may answer SAMEORIGIN and frame-ancestors 'self'.
 */
const VIEWER_DOCUMENT = /^\/api\/admin\/claims\/.*\/documents\//;
function mayBeFramedBySelf(path: string): boolean {
  try {
    return VIEWER_DOCUMENT.test(path) || VIEWER_DOCUMENT.test(new URL(path, 'http://x').pathname);
  } catch {
    return VIEWER_DOCUMENT.test(path);
  }
}

/** The headers every answer carries (decision 038), checked by value where it matters. */
function missingSecurityHeaders(answer: RawAnswer, path = '/'): string[] {
  const h = answer.headers;
  const missing: string[] = [];
  const framedBySelf = mayBeFramedBySelf(path);
  const frameOptions = framedBySelf ? ['DENY', 'SAMEORIGIN'] : ['DENY'];
  const ancestors = framedBySelf
    ? ["frame-ancestors 'none'", "frame-ancestors 'self'"]
    : ["frame-ancestors 'none'"];
  if (h['x-content-type-options'] !== 'nosniff') missing.push('x-content-type-options');
  if (!frameOptions.includes(h['x-frame-options'] ?? '')) missing.push('x-frame-options');
  if (!h['referrer-policy']) missing.push('referrer-policy');
  if (!h['permissions-policy']) missing.push('permissions-policy');
  const policy = h['content-security-policy'] ?? '';
  if (!ancestors.some((directive) => policy.includes(directive)))
    missing.push('content-security-policy');
  return missing;
}

const isProblem = (answer: RawAnswer, method: string) => {
  if (!answer.headers['content-type']?.startsWith('application/problem+json')) return false;
  if (method === 'HEAD') return true;
  try {
    const body = JSON.parse(answer.body) as { status?: unknown; code?: unknown };
    return body.status === answer.status && typeof body.code === 'string';
  } catch {
    return false;
  }
};

const isErrorPage = (answer: RawAnswer, method: string) =>
  answer.headers['content-type']?.startsWith('text/html') === true &&
  (method === 'HEAD' ||
    answer.body.includes('class="error-page"') ||
    // A page that refuses in its own words (the claim page, decision 059) says so.
    answer.body.includes('data-refusal') ||
    answer.body.includes('Tenant Not Available'));

/**
 * What is wrong with an answer, if anything: a 5xx (503 only when a dependency is down),
 * a missing security header, a refusal that is neither problem+json (always under /api/)
 * nor the error page, a redirect without a Location.
 */
export function shapeViolations(
  path: string,
  method: string,
  answer: RawAnswer,
  options: { dependencyDown?: boolean } = {},
): string[] {
  const found: string[] = [];
  const { status } = answer;
  if (status >= 500 && !(status === 503 && options.dependencyDown)) found.push(`status ${status}`);
  const missing = missingSecurityHeaders(answer, path);
  if (missing.length > 0) found.push(`no ${missing.join(', ')}`);
  if (status >= 300 && status < 400 && !answer.headers.location)
    found.push('redirect, no location');
  if (status >= 400) {
    const api = path.startsWith('/api/');
    const shaped = api
      ? isProblem(answer, method)
      : isErrorPage(answer, method) || isProblem(answer, method);
    if (!shaped) found.push(`refusal is ${answer.headers['content-type'] ?? 'untyped'}`);
  }
  if (status === 405 && !answer.headers.allow) found.push('405 without Allow');
  if (status === 503 && !answer.headers['retry-after']) found.push('503 without Retry-After');
  return found;
}
