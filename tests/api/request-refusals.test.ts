import type { APIContext } from 'astro';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POST as submitClaimRoute } from '@site/pages/api/claims/index';
import { CSRF_COOKIE, CSRF_HEADER, checkCsrf } from '@site/routing/csrf';
import { shapeRefusals } from '@site/routing/request-shape';
import { type ApiHarness, alice, apiContext, openApiHarness } from './api-harness';

const claim = {
  policyNumber: 'P-7',
  productCode: '210',
  productType: 'Mortgage',
  claimType: 'Job Loss',
};
const TOKEN = 'a-csrf-token-of-this-browser';

/** Cookies of one browser, which the CSRF check reads. */
function cookieJar(values: Record<string, string>) {
  const jar = new Map(Object.entries(values));
  return {
    get: (name: string) => (jar.has(name) ? { value: jar.get(name) as string } : undefined),
    has: (name: string) => jar.has(name),
    set: (name: string, value: string) => void jar.set(name, value),
    delete: (name: string) => void jar.delete(name),
  };
}

/**
 * Issue 49: the middleware's refusals before a route runs, through the real refusal shape,
 * CSRF check and claim route, on a real database.
 */
describe('refusals before a route runs', () => {
  let harness: ApiHarness;
  beforeAll(async () => {
    harness = await openApiHarness();
  }, 120_000);
  afterAll(async () => harness?.close());

  async function send(
    headers: Record<string, string>,
    body: string,
    cookies: Record<string, string> = { [CSRF_COOKIE]: TOKEN },
  ): Promise<Response> {
    const request = new Request('http://portal.test/api/claims', {
      method: 'POST',
      headers: { 'content-length': String(Buffer.byteLength(body)), ...headers },
      body,
    });
    const context = {
      ...apiContext(request, {}, { customer: alice }),
      cookies: cookieJar(cookies),
    } as unknown as APIContext;
    const route = async () => submitClaimRoute(context);
    const csrf = async () => (await checkCsrf(context, route)) as Response;
    return (await shapeRefusals(context, csrf)) as Response;
  }

  it('answers 415 to a same-origin non-JSON body before the CSRF check would answer 403', async () => {
    const before = await harness.eventCount();
    const answer = await send(
      { 'content-type': 'text/plain', origin: 'http://portal.test' },
      JSON.stringify(claim),
      {},
    );
    expect(answer.status).toBe(415);
    expect(answer.headers.get('content-type')).toBe('application/problem+json');
    const problem = await answer.json();
    expect(problem.code).toBe('UNSUPPORTED_MEDIA_TYPE');
    expect(problem.errors[0].message).toContain('application/json');
    expect(await harness.eventCount()).toBe(before);
  });

  it('names what a refused write lacks: the cookie, the header, or a matching header', async () => {
    const json = { 'content-type': 'application/json', origin: 'http://portal.test' };
    const body = JSON.stringify(claim);
    const cases = [
      { cookies: {}, headers: json, field: CSRF_COOKIE, code: 'csrf.cookieMissing' },
      { cookies: undefined, headers: json, field: CSRF_HEADER, code: 'csrf.headerMissing' },
      {
        cookies: undefined,
        headers: { ...json, [CSRF_HEADER]: 'another-token' },
        field: CSRF_HEADER,
        code: 'csrf.mismatch',
      },
    ];
    for (const { cookies, headers, field, code } of cases) {
      const answer = await send(headers, body, cookies);
      expect(answer.status, code).toBe(403);
      const problem = await answer.json();
      expect(problem.errors, code).toEqual([
        expect.objectContaining({ field, code, message: expect.stringContaining(field) }),
      ]);
    }
  });

  it('lets a same-origin JSON write with its CSRF token through to the route', async () => {
    const answer = await send(
      { 'content-type': 'application/json', origin: 'http://portal.test', [CSRF_HEADER]: TOKEN },
      JSON.stringify(claim),
    );
    expect(answer.status).toBe(201);
  });
});
