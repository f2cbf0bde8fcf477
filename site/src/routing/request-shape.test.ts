import type { APIContext, MiddlewareNext } from 'astro';
import { describe, expect, it } from 'vitest';
import { crossSiteRefused, shapeRefusals } from './request-shape';

const url = new URL('http://portal.internal:4321/api/claims/draft');
const request = (method: string, headers: Record<string, string>) =>
  new Request(url, { method, headers });

describe("the origin check (Astro's rule, our shape)", () => {
  it('lets safe methods and same-origin writes through', () => {
    expect(crossSiteRefused(request('GET', { origin: 'https://evil.example' }), url)).toBe(false);
    expect(
      crossSiteRefused(request('DELETE', { origin: 'http://portal.internal:4321' }), url),
    ).toBe(false);
    expect(
      crossSiteRefused(
        request('POST', { origin: 'https://evil.example', 'content-type': 'application/json' }),
        url,
      ),
    ).toBe(false);
  });

  it('refuses cross-site forms and writes with neither origin nor content type', () => {
    for (const type of [
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
      'text/plain',
    ]) {
      expect(
        crossSiteRefused(
          request('POST', { origin: 'https://evil.example', 'content-type': type }),
          url,
        ),
        type,
      ).toBe(true);
    }
    expect(crossSiteRefused(request('DELETE', {}), url)).toBe(true);
  });

  it('takes the https origin from a trusted proxy, and PUBLIC_URL as the same origin', () => {
    const proxied = request('DELETE', {
      origin: 'https://portal.internal:4321',
      'x-forwarded-proto': 'https',
    });
    expect(crossSiteRefused(proxied, url)).toBe(false);
    const publicOrigin = request('DELETE', { origin: 'https://claims.example.com' });
    expect(crossSiteRefused(publicOrigin, url)).toBe(true);
    expect(crossSiteRefused(publicOrigin, url, 'https://claims.example.com/')).toBe(false);
  });
});

/** Runs the refusal shape on one request; `rewrites` are the error pages it asked Astro for. */
async function shape(
  method: string,
  path: string,
  headers: Record<string, string> = {},
  routeAnswer: () => Response = () => new Response('the route answered'),
) {
  const requestUrl = new URL(path, 'http://portal.internal:4321');
  const rewrites: unknown[] = [];
  const context = {
    request: new Request(requestUrl, { method, headers }),
    url: requestUrl,
    locals: { requestId: 'req-1' },
  } as unknown as APIContext;
  const next = (async (rewrite?: unknown) => {
    if (rewrite !== undefined) rewrites.push(rewrite);
    return routeAnswer();
  }) as MiddlewareNext;
  const answer = (await shapeRefusals(context, next)) as Response;
  return { answer, rewrites };
}

const sameOrigin = { origin: 'http://portal.internal:4321' };
const json = { ...sameOrigin, 'content-type': 'application/json' };

describe('the refusal shape before a route runs', () => {
  it('refuses a writer that is neither this origin nor PUBLIC_URL', () => {
    const other = request('DELETE', { origin: 'https://evil.example' });
    expect(crossSiteRefused(other, url, 'https://claims.example.com/')).toBe(true);
  });

  it('answers problem+json under /api/: a cross-site form 403, an unknown path 404, a wrong method 405 with Allow', async () => {
    const form = { origin: 'https://evil.example', 'content-type': 'text/plain' };
    const cases: [string, string, Record<string, string>, number, string][] = [
      ['POST', '/api/claims', form, 403, 'FORBIDDEN'],
      ['GET', '/api/no-such-thing', {}, 404, 'NOT_FOUND'],
      ['PATCH', '/api/claims', json, 405, 'METHOD_NOT_ALLOWED'],
    ];
    for (const [method, path, headers, status, code] of cases) {
      const { answer, rewrites } = await shape(method, path, headers);
      expect(answer.status, path).toBe(status);
      expect(answer.headers.get('content-type'), path).toBe('application/problem+json');
      expect((await answer.json()).code, path).toBe(code);
      expect(rewrites, path).toEqual([]);
    }
    const wrongMethod = await shape('PATCH', '/api/claims', json);
    expect(wrongMethod.answer.headers.get('allow')).toBe('GET, HEAD, POST');
  });

  it("answers a page's refusal with the error page of its language, and Allow on a 405", async () => {
    const refused = await shape('POST', '/fr/dashboard', json);
    expect(refused.rewrites).toEqual(['/fr/error/405']);
    expect(refused.answer.headers.get('allow')).toBe('GET, HEAD');
    const crossSite = await shape('POST', '/fr/dashboard', { origin: 'https://evil.example' });
    expect(crossSite.rewrites).toEqual(['/fr/error/403']);
    expect(crossSite.answer.headers.get('allow')).toBeNull();
  });

  it('refuses a same-origin API write whose body is not JSON (415), whatever its case and parameters', async () => {
    const body = (type: string) => ({ ...sameOrigin, 'content-type': type, 'content-length': '9' });
    for (const type of ['text/plain', 'application/json-seq', 'application/xml']) {
      expect((await shape('POST', '/api/claims', body(type))).answer.status, type).toBe(415);
    }
    for (const type of ['application/json', 'Application/JSON ; charset=utf-8']) {
      expect((await shape('POST', '/api/claims', body(type))).answer.status, type).toBe(200);
    }
    const untyped = { ...sameOrigin, 'content-length': '9' };
    expect((await shape('POST', '/api/claims', untyped)).answer.status).toBe(415);
    const chunked = { ...sameOrigin, 'content-type': 'text/plain', 'transfer-encoding': 'chunked' };
    expect((await shape('POST', '/api/claims', chunked)).answer.status).toBe(415);
  });

  it('reads no media type where there is no body, or the method is safe', async () => {
    const passes: [string, Record<string, string>][] = [
      ['POST', { ...sameOrigin, 'content-type': 'text/plain' }],
      ['POST', { ...sameOrigin, 'content-type': 'text/plain', 'content-length': '0' }],
      ['DELETE', { ...sameOrigin, 'content-type': 'text/plain', 'content-length': '0' }],
      ['GET', { 'content-type': 'text/plain', 'content-length': '9' }],
    ];
    for (const [method, headers] of passes) {
      const path = method === 'DELETE' ? '/api/claims/draft' : '/api/claims';
      const { answer } = await shape(method, path, headers);
      expect(answer.status, `${method} ${JSON.stringify(headers)}`).toBe(200);
    }
  });

  it('expects a form, not JSON, on the signed back-channel path', async () => {
    const form = (type: string) => ({ 'content-type': type, 'content-length': '9' });
    const path = '/api/auth/backchannel-logout';
    const signed = await shape('POST', path, form('application/x-www-form-urlencoded'));
    expect(signed.answer.status).toBe(200);
    expect((await shape('POST', path, form('application/json'))).answer.status).toBe(415);
  });

  it("turns Astro's HTML 404 for an API path into problem+json, and leaves every other answer alone", async () => {
    const html =
      (status: number, type = 'text/html; charset=utf-8') =>
      () =>
        new Response('<p>page</p>', { status, headers: { 'content-type': type } });
    const astro404 = await shape('GET', '/api/claims', {}, html(404));
    expect(astro404.answer.headers.get('content-type')).toBe('application/problem+json');
    expect((await astro404.answer.json()).code).toBe('NOT_FOUND');
    const kept: [string, () => Response][] = [
      ['/api/claims', html(404, 'application/problem+json')],
      ['/api/claims', html(200)],
      ['/api/claims', () => new Response(null, { status: 404 })],
      ['/en/dashboard', html(404)],
    ];
    for (const [path, routeAnswer] of kept) {
      const { answer } = await shape('GET', path, {}, routeAnswer);
      expect(await answer.text(), path).toBe((await routeAnswer().text()) || '');
    }
  });
});
