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
  call,
  claimWithFiles,
  countRows,
  type PortalUnderTest,
  startPortalUnderTest,
} from './portal-under-test';

const DEADLINE_MS = 3_000;

describe('liveness while Postgres is frozen (SIGSTOP)', () => {
  let postgresDir: string;
  let postgresPort: number;
  let postgres: EmbeddedPostgres;
  let portal: PortalUnderTest;
  let frozen: number[] = [];
  const customer = new TestBrowser();

  beforeAll(async () => {
    postgresDir = await mkdtemp(join(tmpdir(), 'claims-pg-frozen-'));
    await chmod(postgresDir, 0o755);
    postgresPort = await freePort();
    postgres = await startEmbeddedPostgres({
      dataDir: postgresDir,
      port: postgresPort,
      database: 'claims',
    });
    portal = await startPortalUnderTest({
      DATABASE_URL: postgres.url,
      REQUEST_DEADLINE_MS: String(DEADLINE_MS),
    });
    await signInAsDemoCustomerAt(customer, portal.base, portal.dataDir);
  }, 240_000);

  afterAll(async () => {
    signalAll(frozen, 'SIGCONT');
    await portal?.stop();
    await postgres?.stop();
    await rm(postgresDir, { recursive: true, force: true });
  });

  it('/api/health/live answers in under 50 ms, again and again, while Postgres is stopped', async () => {
    // Warm: the route's module is loaded once, before the freeze.
    for (let n = 0; n < 3; n += 1) await fetch(`${portal.base}/api/health/live`);
    frozen = postgresProcesses(postgresPort);
    signalAll(frozen, 'SIGSTOP');
    try {
      const timings: number[] = [];
      for (let n = 0; n < 20; n += 1) {
        const started = performance.now();
        const answer = await fetch(`${portal.base}/api/health/live`, {
          signal: AbortSignal.timeout(2_000),
        });
        timings.push(performance.now() - started);
        expect(answer.status).toBe(200);
        expect(await answer.json()).toMatchObject({ status: 'live' });
      }
      // The median, so that one scheduling hiccup on a shared machine does not decide it.
      const median = [...timings].sort((a, b) => a - b)[timings.length >> 1] ?? Infinity;
      console.info('live timings (ms)', timings.map(Math.round).join(' '));
      expect(median).toBeLessThan(50);
      expect(Math.max(...timings)).toBeLessThan(1_000);
    } finally {
      signalAll(frozen, 'SIGCONT');
    }
  }, 60_000);

  it('answers every request within its deadline + 1 s, and a command retried with its key is stored once', async () => {
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
    // Warm: the submission's modules are loaded and the session cached before the freeze.
    expect((await submit('FROZEN-WARM', uuidv7())).status).toBe(201);
    const keys = ['A', 'B', 'C'].map((label) => ({
      label: `FROZEN-${label}`,
      key: uuidv7(),
    }));
    frozen = postgresProcesses(postgresPort);
    signalAll(frozen, 'SIGSTOP');
    const timed = async (what: string, answer: () => Promise<Response>) => {
      const started = performance.now();
      const response = await answer();
      const ms = performance.now() - started;
      return { what, response, ms, body: await response.text() };
    };
    let answers: Awaited<ReturnType<typeof timed>>[];
    try {
      answers = await Promise.all([
        ...keys.map(({ label, key }) => timed(`POST ${label}`, () => submit(label, key))),
        timed('GET /api/claims', () => call(customer, portal.base, '/api/claims')),
        timed('GET /api/health', () => fetch(`${portal.base}/api/health`)),
        timed('GET /api/health/ready', () => fetch(`${portal.base}/api/health/ready`)),
        timed('GET /fr/dashboard', () => customer.request(`${portal.base}/fr/dashboard`)),
      ]);
    } finally {
      signalAll(frozen, 'SIGCONT');
    }
    console.info(
      'frozen Postgres:',
      answers
        .map(({ what, response, ms }) => `${what} ${response.status} in ${Math.round(ms)} ms`)
        .join('; '),
    );
    // Readiness answers within its own checks' bound, down, naming the database.
    const ready = answers.find(({ what }) => what === 'GET /api/health/ready');
    expect(ready?.ms).toBeLessThan(1_500);
    expect(ready?.response.status).toBe(503);
    expect(JSON.parse(ready?.body ?? '{}')).toMatchObject({
      status: 'down',
      reasons: expect.arrayContaining([expect.stringMatching(/^database: /)]),
    });
    for (const { what, response, ms, body } of answers.filter((a) => a !== ready)) {
      expect(ms, what).toBeLessThan(DEADLINE_MS + 1_000);
      expect(response.status, what).toBe(503);
      expect(response.headers.get('retry-after'), what).toMatch(/^\d+$/);
      if (what.startsWith('POST')) expect(body, what).toContain('same Idempotency-Key');
    }

    // Each customer retries its 503 with the same key once Postgres is back: one claim each.
    for (const { label, key } of keys) {
      await expect
        .poll(async () => (await submit(label, key)).status, { timeout: 20_000, interval: 500 })
        .toBe(201);
      expect((await submit(label, key)).status).toBe(201);
    }
    for (const { label } of keys) {
      const stored = await countRows(
        portal.db,
        `select count(*) from events where event_type = 'ClaimSubmitted' and data->>'policyNumber' = 'F-${label}'`,
      );
      expect(stored, label).toBe(1);
    }
  }, 90_000);

  it('signs a customer out (204, cookie cleared) while Postgres is stopped, within 3 s', async () => {
    expect(customer.cookie('session')).toBeTruthy();
    frozen = postgresProcesses(postgresPort);
    signalAll(frozen, 'SIGSTOP');
    try {
      const started = performance.now();
      const answer = await call(customer, portal.base, '/api/auth/session/terminate', {});
      expect(performance.now() - started).toBeLessThan(3_000);
      expect(answer.status).toBe(204);
      expect(customer.cookie('session') ?? '').toBe('');
    } finally {
      signalAll(frozen, 'SIGCONT');
    }
  }, 60_000);
});
