import { expect, test } from '@playwright/test';

const REQUIRED = [
  'x-content-type-options',
  'x-frame-options',
  'referrer-policy',
  'permissions-policy',
];

test('every page, redirect, error and API answer carries the security headers', async ({
  request,
}) => {
  for (const path of [
    '/en/',
    '/fr/faq',
    '/en/no-such-page',
    '/admin/error/403',
    '/admin/dashboard',
    '/',
    '/api/health',
    '/api/claims',
    '/api/admin/claims/search?type=email&value=a%00b',
  ]) {
    const answer = await request.get(path, { maxRedirects: 0 });
    const headers = answer.headers();
    for (const name of REQUIRED) expect(headers[name], `${name} on ${path}`).toBeTruthy();
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['content-security-policy'], path).toContain("frame-ancestors 'none'");
    if (answer.headers()['content-type']?.startsWith('text/html') && answer.status() === 200) {
      // Astro's hashes: scripts run only if listed, never inline at will.
      expect(headers['content-security-policy'], path).toMatch(/script-src 'self' 'sha256-/);
      expect(headers['content-security-policy'], path).not.toContain('unsafe-inline');
    }
    if (path.startsWith('/api/')) {
      expect(headers['content-security-policy']).toContain("default-src 'none'");
      expect(answer.status(), path).toBeLessThan(500);
    }
  }
});
