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

test('static assets, unknown API paths, unknown methods and cross-site forms: same headers, one shape', async ({
  request,
}) => {
  const home = await (await request.get('/en/')).text();
  const asset = /"(\/_astro\/[^"]+\.js)"/.exec(home)?.[1];
  expect(asset).toBeTruthy();
  const cases: Array<{
    path: string;
    method?: string;
    status: number;
    type: RegExp;
    form?: boolean;
  }> = [
    { path: asset ?? '', status: 200, type: /javascript/ },
    { path: '/api/no-such-thing', status: 404, type: /^application\/problem\+json/ },
    { path: '/api/claims', method: 'TRACE', status: 405, type: /^application\/problem\+json/ },
    { path: '/en/faq', method: 'OPTIONS', status: 405, type: /^text\/html/ },
    { path: '/en/', method: 'POST', status: 403, type: /^text\/html/, form: true },
    {
      path: '/api/claims',
      method: 'POST',
      status: 403,
      type: /^application\/problem\+json/,
      form: true,
    },
  ];
  for (const { path, method = 'GET', status, type, form } of cases) {
    const answer = await request.fetch(path, {
      method,
      maxRedirects: 0,
      ...(form
        ? {
            headers: {
              origin: 'https://evil.example',
              'content-type': 'application/x-www-form-urlencoded',
            },
            data: 'a=b',
          }
        : {}),
    });
    const label = `${method} ${path}`;
    expect(answer.status(), label).toBe(status);
    const headers = answer.headers();
    expect(headers['content-type'], label).toMatch(type);
    for (const name of REQUIRED) expect(headers[name], `${name} on ${label}`).toBeTruthy();
    expect(headers['content-security-policy'], label).toContain("frame-ancestors 'none'");
    if (status === 405) expect(headers.allow, label).toBeTruthy();
  }
});
