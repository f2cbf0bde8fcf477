import type { RawAnswer } from './raw-http';

/** The headers every answer carries (decision 038), checked by value where it matters. */
export function missingSecurityHeaders(answer: RawAnswer): string[] {
  const h = answer.headers;
  const missing: string[] = [];
  if (h['x-content-type-options'] !== 'nosniff') missing.push('x-content-type-options');
  if (h['x-frame-options'] !== 'DENY') missing.push('x-frame-options');
  if (!h['referrer-policy']) missing.push('referrer-policy');
  if (!h['permissions-policy']) missing.push('permissions-policy');
  if (!h['content-security-policy']?.includes("frame-ancestors 'none'"))
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
  const missing = missingSecurityHeaders(answer);
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
