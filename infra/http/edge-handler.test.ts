import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { send } from '../../tests/support/raw-http';
import { answerClientError, createEdgeHandler, errorPagePath } from './edge-handler';
import { trustedProxies } from './trusted-proxies';

/**
 * The edge alone, in front of a handler that echoes what it was given (the site's part is
 * tests/api/http-edge.test.ts, against the real launcher).
 */
describe('the edge handler', () => {
  let server: Server;
  let port: number;
  const logged: unknown[] = [];

  beforeAll(async () => {
    const edge = createEdgeHandler(
      (req, res) => {
        res.writeHead(200, {
          'content-type': 'application/json',
          'content-security-policy': "script-src 'self'",
        });
        res.end(JSON.stringify({ method: req.method, url: req.url, host: req.headers.host }));
      },
      {
        proxies: trustedProxies([]),
        log: { info: (entry: unknown) => logged.push(entry) } as never,
      },
    );
    server = createServer({ requireHostHeader: false }, edge);
    server.on('clientError', answerClientError);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  it('passes a sound request on, headers set and the framing rules kept in its CSP', async () => {
    for (const host of [
      'localhost:4321',
      'claims_portal:4321',
      '[::1]:80',
      'jupiter.claims.example.com.',
    ]) {
      const answer = await send(port, { method: 'GET', path: '/en/?q=%C3%A9', headers: { host } });
      expect(answer.status, host).toBe(200);
      expect(JSON.parse(answer.body)).toMatchObject({ method: 'GET', url: '/en/?q=%C3%A9' });
      expect(answer.headers['x-frame-options']).toBe('DENY');
      expect(answer.headers['content-security-policy']).toBe(
        "script-src 'self'; frame-ancestors 'none'; base-uri 'self'; object-src 'none'; form-action 'self'; frame-src 'self'",
      );
    }
  });

  it('hands the site a GET of the error page for a page it refuses', async () => {
    const cases = [
      { method: 'GET', path: '/fr/%ff', host: 'localhost', url: '/fr/error/400' },
      { method: 'TRACE', path: '/admin/search', host: 'localhost', url: '/admin/error/405' },
      { method: 'GET', path: '/cn/x', host: 'a:1:2', url: '/cn/error/400' },
      { method: 'GET', path: '/en/', host: '', url: '/en/error/400' },
      { method: 'GET', path: '/en/', host: 'localhost:70000', url: '/en/error/400' },
    ];
    for (const { method, path, host, url } of cases) {
      const answer = await send(port, { method, path, headers: { host } });
      expect(JSON.parse(answer.body), `${method} ${path} ${host}`).toMatchObject({
        method: 'GET',
        url,
      });
    }
    expect(errorPagePath('/english', 405)).toBe('/en/error/405');
    expect(logged).toContainEqual(
      expect.objectContaining({ method: 'TRACE', path: '/admin/search', refusedAt: 'edge' }),
    );
  });

  it('answers an API refusal itself: problem+json, Allow, logged', async () => {
    const trace = await send(port, { method: 'TRACE', path: '/api/claims/draft' });
    expect(trace.status).toBe(405);
    expect(trace.headers.allow).toBe('GET, HEAD, PUT, DELETE');
    expect(JSON.parse(trace.body)).toMatchObject({ code: 'METHOD_NOT_ALLOWED', status: 405 });
    expect(trace.headers['content-security-policy']).toBe(
      "default-src 'none'; frame-ancestors 'none'",
    );
    const host = await send(port, { method: 'GET', path: '/api/health', headers: { host: 'a b' } });
    expect(JSON.parse(host.body)).toMatchObject({
      errors: [{ field: 'host', code: 'invalidFormat' }],
    });
    expect(logged).toContainEqual(expect.objectContaining({ method: 'TRACE', status: 405 }));
  });

  it('answers 431 problem+json to a request whose headers are over the limit (64 KB)', async () => {
    const answer = await send(port, {
      method: 'GET',
      path: '/api/health',
      headers: { 'x-padding': 'a'.repeat(64 * 1024) },
    });
    expect(answer.status).toBe(431);
    expect(answer.headers['content-type']).toBe('application/problem+json');
    expect(JSON.parse(answer.body)).toMatchObject({ code: 'HEADERS_TOO_LARGE', status: 431 });
  });
});
