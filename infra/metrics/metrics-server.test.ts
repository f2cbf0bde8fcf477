import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nameRoute, observeRequests } from '../http/observe-requests';
import { type MetricsServer, startMetricsServer } from './metrics-server';
import { portalMetrics } from './metrics';

const TOKEN = 'a-scrape-token-of-24-chars';

describe('the metrics server', () => {
  let server: MetricsServer;
  let url: string;
  let refreshed = 0;

  beforeAll(async () => {
    server = await startMetricsServer({
      metrics: portalMetrics(),
      host: '127.0.0.1',
      port: 0,
      token: TOKEN,
      refresh: async () => {
        refreshed += 1;
      },
    });
    url = `http://127.0.0.1:${server.port}`;
  });
  afterAll(() => server.close());

  const scrape = (path = '/metrics', init: RequestInit = {}) =>
    fetch(`${url}${path}`, {
      ...init,
      headers: { authorization: `Bearer ${TOKEN}`, ...(init.headers ?? {}) },
    });

  it('answers the token with the metrics, refreshed first', async () => {
    const before = refreshed;
    const response = await scrape();
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(await response.text()).toMatch(
      /^# TYPE claims_http_request_duration_seconds histogram/m,
    );
    expect(refreshed).toBe(before + 1);
  });

  it('refuses a missing or wrong token with 401 and says how to authenticate', async () => {
    for (const authorization of ['', 'Bearer nope', `Basic ${TOKEN}`, `Bearer ${TOKEN}x`]) {
      const response = await fetch(`${url}/metrics`, { headers: { authorization } });
      expect(response.status, authorization).toBe(401);
      expect(response.headers.get('www-authenticate')).toBe('Bearer realm="metrics"');
      expect(await response.text()).not.toContain('claims_');
    }
  });

  it('serves nothing else: 404 for other paths, 405 for other methods, no body for HEAD', async () => {
    expect((await scrape('/')).status).toBe(404);
    expect((await scrape('/metrics/x')).status).toBe(404);
    const post = await scrape('/metrics', { method: 'POST' });
    expect(post.status).toBe(405);
    expect(post.headers.get('allow')).toBe('GET, HEAD');
    const head = await scrape('/metrics', { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
  });
});

describe('request durations', () => {
  let app: Server;
  let base: string;

  beforeAll(async () => {
    // The site names the route after an await, as Astro's middleware does.
    app = createServer(
      observeRequests((req, res) => {
        void (async () => {
          await new Promise((r) => setTimeout(r, 5));
          if (req.url?.startsWith('/api/claims/')) nameRoute('/api/claims/[submissionId]');
          res.statusCode = req.url?.endsWith('/missing') ? 404 : 200;
          res.end('ok');
        })();
      }),
    );
    await new Promise<void>((resolve) => app.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(app.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => app.close(() => resolve())));

  const count = async (labels: Record<string, string>) => {
    const { values } = await portalMetrics().httpDuration.get();
    return (
      values.find(
        (v) =>
          v.metricName === 'claims_http_request_duration_seconds_count' &&
          Object.entries(labels).every(
            ([k, value]) => (v.labels as Record<string, unknown>)[k] === value,
          ),
      )?.value ?? 0
    );
  };

  it('are labelled with the route pattern the site names, never the path', async () => {
    const before = await count({
      method: 'GET',
      route: '/api/claims/[submissionId]',
      status: '200',
    });
    await fetch(`${base}/api/claims/0190a6f0-1111-7222-8333-444455556666`);
    await fetch(`${base}/api/claims/0190a6f0-9999-7222-8333-444455556666`);
    // The sample is taken when the response closes, just after the client has read it.
    await new Promise((r) => setTimeout(r, 50));
    expect(await count({ method: 'GET', route: '/api/claims/[submissionId]', status: '200' })).toBe(
      before + 2,
    );
    const { values } = await portalMetrics().httpDuration.get();
    expect(values.some((v) => JSON.stringify(v.labels).includes('0190a6f0'))).toBe(false);
  });

  it('put what no route took under route "other", by status', async () => {
    const before = await count({ method: 'GET', route: 'other', status: '404' });
    await fetch(`${base}/assets/missing`);
    await new Promise((r) => setTimeout(r, 50));
    expect(await count({ method: 'GET', route: 'other', status: '404' })).toBe(before + 1);
  });
});
