import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_ENDPOINTS } from '@contracts/api/endpoints';
import { CUSTOMER_CLIENT_CALLS } from '@contracts/api/client-paths';
import { checkedApiUrl, customerApi, INVALID_API_ENDPOINT } from './api-client';

const PORTAL = 'https://claims.insurer.example';
const ID = '0190f3a4-5b6c-7d8e-9f00-112233445566';

const refused = (target: string, method = 'GET', origin = PORTAL) => {
  try {
    checkedApiUrl(target, method, origin);
    return 'allowed';
  } catch (error) {
    return (error as Error).message;
  }
};

describe('the client allow-list of API calls (customer spec §7, §8)', () => {
  it('lets the portal’s own operations through, with their methods', () => {
    expect(checkedApiUrl('/api/claims', 'GET', PORTAL).href).toBe(`${PORTAL}/api/claims`);
    expect(checkedApiUrl(`/api/claims/${ID}/documents`, 'POST', PORTAL).pathname).toBe(
      `/api/claims/${ID}/documents`,
    );
    expect(checkedApiUrl('/api/claims/draft', 'DELETE', PORTAL).pathname).toBe('/api/claims/draft');
    expect(checkedApiUrl(`${PORTAL}/api/users/me`, 'GET', PORTAL).pathname).toBe('/api/users/me');
    // Development serves the portal over plain http on loopback: its own origin is fine.
    expect(refused('/api/claims', 'GET', 'http://127.0.0.1:4321')).toBe('allowed');
  });

  it.each([
    ['another host', 'https://evil.example/api/claims'],
    ['a protocol-relative host', '//evil.example/api/claims'],
    ['a private address', 'https://10.0.0.8/api/claims'],
    ['a local address', 'http://127.0.0.1/api/claims'],
    ['plain http on an https portal', 'http://claims.insurer.example/api/claims'],
    ['user info', 'https://user:pw@claims.insurer.example/api/claims'],
    ['a script URL', 'javascript:alert(1)'],
    ['a data URL', 'data:text/plain,hi'],
    ['a path outside the API', '/en/dashboard'],
    ['a staff operation', '/api/admin/claims/search'],
    ['an unknown operation', '/api/claims/x/y/z'],
    ['a dot segment', `/api/claims/${ID}/../../admin/claims/search`],
    ['an encoded dot segment', '/api/claims/%2e%2e/admin'],
    ['a backslash', '/api\\claims'],
  ])('refuses %s with "Invalid API endpoint"', (_case, target) => {
    expect(refused(target)).toBe(INVALID_API_ENDPOINT);
  });

  it('refuses an allowed path with a method it does not answer', () => {
    expect(refused('/api/claims', 'DELETE')).toBe(INVALID_API_ENDPOINT);
    expect(refused(`/api/claims/${ID}/decision-letter`, 'POST')).toBe(INVALID_API_ENDPOINT);
  });

  it('lists only real customer or public operations of the API contract', () => {
    for (const call of CUSTOMER_CLIENT_CALLS) {
      const endpoint = API_ENDPOINTS.find((e) => e.method === call.method && e.path === call.path);
      expect(endpoint, `${call.method} ${call.path}`).toBeDefined();
      expect(endpoint?.audience, `${call.method} ${call.path}`).not.toBe('staff');
    }
  });
});

describe('the customer islands’ typed client (issue 49)', () => {
  const sent: Request[] = [];
  // The browser's fetch, answering here: what the client would have sent is what we check.
  const fetch = async (request: Request) => {
    sent.push(request);
    return new Response('{"claims":[]}', { headers: { 'content-type': 'application/json' } });
  };
  const browser = globalThis as unknown as { window?: unknown; document?: unknown };

  beforeAll(() => {
    browser.window = { location: { origin: PORTAL } };
    browser.document = { cookie: 'other=1; csrf_token=t%2Bk' };
  });
  afterAll(() => {
    delete browser.window;
    delete browser.document;
  });

  it('sends a write with the CSRF cookie’s value and the session cookie, a read without it', async () => {
    sent.length = 0;
    await customerApi.POST('/api/claims/{submissionId}/decision-letter/read', {
      baseUrl: PORTAL,
      params: { path: { submissionId: ID } },
      fetch,
    });
    await customerApi.GET('/api/claims', { baseUrl: PORTAL, fetch });
    expect(
      sent.map((r) => [r.method, r.url, r.headers.get('x-csrf-token'), r.credentials]),
    ).toEqual([
      ['POST', `${PORTAL}/api/claims/${ID}/decision-letter/read`, 't+k', 'same-origin'],
      ['GET', `${PORTAL}/api/claims`, null, 'same-origin'],
    ]);
  });

  it.each([
    ['a dot segment in a path parameter', '..'],
    ['a single dot', '.'],
  ])('refuses %s before anything is sent', async (_case, submissionId) => {
    sent.length = 0;
    const call = customerApi.GET('/api/claims/{submissionId}/documents', {
      baseUrl: PORTAL,
      params: { path: { submissionId } },
      fetch,
    });
    await expect(call).rejects.toThrow(INVALID_API_ENDPOINT);
    expect(sent).toEqual([]);
  });

  it('refuses another origin given as its base URL', async () => {
    sent.length = 0;
    await expect(
      customerApi.GET('/api/claims', { baseUrl: 'https://evil.example', fetch }),
    ).rejects.toThrow(INVALID_API_ENDPOINT);
    expect(sent).toEqual([]);
  });
});
