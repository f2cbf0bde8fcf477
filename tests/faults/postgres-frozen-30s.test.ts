import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type EmbeddedPostgres, startEmbeddedPostgres } from '@infra/postgres/embedded';
import { signInAsDemoCustomerAt } from '../support/demo-customer-sign-in';
import { freePort } from '../support/free-port';
import { postgresProcesses, signalAll } from '../support/frozen-processes';
import { TestBrowser } from '../support/oidc-test-provider';
import {
  claimWithFiles,
  countRows,
  type PortalUnderTest,
  startPortalUnderTest,
} from './portal-under-test';

const DEADLINE_MS = 3_000;
const FROZEN_MS = 30_000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Timed {
  readonly what: string;
  readonly status: number;
  readonly ms: number;
  readonly body: string;
}

/**
 * Issue 44's frozen database, for its whole 30 s: a customer keeps submitting while the
 * postmaster and every backend are stopped. Every request answers within its deadline + 1 s,
 * liveness stays fast, the metrics scrape answers with the sources down, each 503 retried with
 * its key once Postgres is back makes exactly one claim, and all is normal within 5 s.
 */
describe('Postgres frozen (SIGSTOP) for 30 s while a customer submits', () => {
  let postgresDir: string;
  let postgresPort: number;
  let postgres: EmbeddedPostgres;
  let portal: PortalUnderTest;
  let metricsPort: number;
  let frozen: number[] = [];
  const customer = new TestBrowser();

  beforeAll(async () => {
    postgresDir = await mkdtemp(join(tmpdir(), 'claims-pg-frozen-30-'));
    await chmod(postgresDir, 0o755);
    postgresPort = await freePort();
    postgres = await startEmbeddedPostgres({
      dataDir: postgresDir,
      port: postgresPort,
      database: 'claims',
    });
    metricsPort = await freePort();
    portal = await startPortalUnderTest({
      DATABASE_URL: postgres.url,
      REQUEST_DEADLINE_MS: String(DEADLINE_MS),
      METRICS_PORT: String(metricsPort),
    });
    await signInAsDemoCustomerAt(customer, portal.base, portal.dataDir);
  }, 240_000);

  afterAll(async () => {
    signalAll(frozen, 'SIGCONT');
    await portal?.stop();
    await postgres?.stop();
    await rm(postgresDir, { recursive: true, force: true });
  });

  const submit = (label: string, key: string) =>
    customer.request(`${portal.base}/api/claims`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-csrf-token': customer.cookie('csrf_token') ?? '',
        'idempotency-key': key,
        origin: portal.base,
      },
      body: JSON.stringify(claimWithFiles(label)),
    });

  async function timed(what: string, answer: () => Promise<Response>): Promise<Timed> {
    const started = performance.now();
    const response = await answer();
    const body = await response.text();
    return { what, status: response.status, ms: performance.now() - started, body };
  }

  const live = () => fetch(`${portal.base}/api/health/live`);
  const scrape = () =>
    fetch(`http://127.0.0.1:${metricsPort}/metrics`, { signal: AbortSignal.timeout(10_000) });

  it('answers within the deadline, keeps liveness and metrics, stores each retried claim once, and is normal within 5 s', async () => {
    expect((await submit('FROZEN30-WARM', uuidv7())).status).toBe(201);
    for (let n = 0; n < 3; n += 1) await live();
    expect((await scrape()).status).toBe(200);

    const refused: { label: string; key: string }[] = [];
    const answers: Timed[] = [];
    frozen = postgresProcesses(postgresPort);
    signalAll(frozen, 'SIGSTOP');
    const frozenAt = performance.now();
    try {
      for (let round = 0; performance.now() - frozenAt < FROZEN_MS - DEADLINE_MS - 1_000; round++) {
        const label = `FROZEN30-${round}`;
        const key = uuidv7();
        const [post, liveness, metrics] = await Promise.all([
          timed(`POST ${label}`, () => submit(label, key)),
          timed('GET /api/health/live', live),
          timed('GET /metrics', scrape),
        ]);
        answers.push(post, liveness, metrics);
        if (post.status === 503) refused.push({ label, key });
        await sleep(500);
      }
      await sleep(Math.max(0, FROZEN_MS - (performance.now() - frozenAt)));
    } finally {
      signalAll(frozen, 'SIGCONT');
    }
    const continuedAt = performance.now();
    console.info(
      'Postgres frozen 30 s:',
      answers.map(({ what, status, ms }) => `${what} ${status} ${Math.round(ms)} ms`).join('; '),
    );

    const of = (prefix: string) => answers.filter(({ what }) => what.startsWith(prefix));
    for (const post of of('POST')) {
      expect(post.ms, post.what).toBeLessThan(DEADLINE_MS + 1_000);
      expect(post.status, post.what).toBe(503);
      expect(post.body, post.what).toContain('same Idempotency-Key');
    }
    const liveMs = of('GET /api/health/live').map(({ ms }) => ms);
    const median = [...liveMs].sort((a, b) => a - b)[liveMs.length >> 1] ?? Infinity;
    expect(median).toBeLessThan(50);
    for (const metrics of of('GET /metrics')) {
      expect(metrics.ms, 'GET /metrics').toBeLessThan(2_000);
      expect(metrics.status).toBe(200);
      expect(metrics.body).toMatch(/claims_metrics_source_up\{[^}]*\} 0/);
    }
    expect(refused.length).toBeGreaterThanOrEqual(5);

    // Normal again: readiness up and a new claim stored, within 5 s of SIGCONT.
    let normalMs = Infinity;
    while (performance.now() - continuedAt < 15_000) {
      const [ready, post] = await Promise.all([
        fetch(`${portal.base}/api/health/ready`),
        submit('FROZEN30-AFTER', uuidv7()),
      ]);
      if (ready.status === 200 && post.status === 201) {
        normalMs = performance.now() - continuedAt;
        break;
      }
      await sleep(100);
    }
    console.info(`normal ${Math.round(normalMs)} ms after SIGCONT`);
    expect(normalMs).toBeLessThan(5_000);

    for (const { label, key } of refused) {
      expect((await submit(label, key)).status, label).toBe(201);
      expect((await submit(label, key)).status, label).toBe(201);
    }
    for (const { label } of refused) {
      const stored = await countRows(
        portal.db,
        `select count(*) from events where event_type = 'ClaimSubmitted' and data->>'policyNumber' = 'F-${label}'`,
      );
      expect(stored, label).toBe(1);
    }
  }, 120_000);
});
