import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type EmbeddedPostgres, startEmbeddedPostgres } from '@infra/postgres/embedded';
import { signInAsDemoCustomerAt } from '../support/demo-customer-sign-in';
import { freePort } from '../support/free-port';
import { TestBrowser } from '../support/oidc-test-provider';
import { call, countRows, type PortalUnderTest, startPortalUnderTest } from './portal-under-test';

interface Outcome {
  readonly at: number;
  readonly status: number;
  readonly ms: number;
  readonly code?: string;
  readonly submitted?: string;
}

describe('Postgres restarts while the portal is under load', () => {
  let postgresDir: string;
  let postgresPort: number;
  let postgres: EmbeddedPostgres;
  let portal: PortalUnderTest;
  const customer = new TestBrowser();
  const startPostgres = () =>
    startEmbeddedPostgres({ dataDir: postgresDir, port: postgresPort, database: 'claims' });

  beforeAll(async () => {
    postgresDir = await mkdtemp(join(tmpdir(), 'claims-pg-restart-'));
    await chmod(postgresDir, 0o755);
    postgresPort = await freePort();
    postgres = await startPostgres();
    portal = await startPortalUnderTest({ DATABASE_URL: postgres.url });
    await signInAsDemoCustomerAt(customer, portal.base, portal.dataDir);
  }, 240_000);

  afterAll(async () => {
    await portal?.stop();
    await postgres?.stop();
    await rm(postgresDir, { recursive: true, force: true });
  });

  it('answers 503 problem+json while it is down, never hangs, and recovers without a restart', async () => {
    const outcomes: Outcome[] = [];
    let running = true;
    const started = performance.now();
    const client = async (index: number) => {
      for (let n = 0; running; n += 1) {
        const submit = n % 2 === 0;
        const begun = performance.now();
        try {
          const answer = submit
            ? await call(customer, portal.base, '/api/claims', {
                policyNumber: `PG-${index}-${n}`,
                productCode: '210',
                productType: 'Mortgage',
                claimType: 'Job Loss',
                documents: [],
              })
            : await call(customer, portal.base, '/api/claims');
          const body = (await answer.json()) as { code?: string; submissionId?: string };
          outcomes.push({
            at: begun - started,
            status: answer.status,
            ms: performance.now() - begun,
            code: body.code,
            submitted: submit && answer.status === 201 ? body.submissionId : undefined,
          });
        } catch (error) {
          outcomes.push({
            at: begun - started,
            status: 0,
            ms: performance.now() - begun,
            code: String(error),
          });
        }
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    };
    const clients = Promise.all([1, 2, 3, 4].map(client));

    await new Promise((resolve) => setTimeout(resolve, 2_000));
    const downAt = performance.now() - started;
    await postgres.stop();
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    postgres = await startPostgres();
    const upAt = performance.now() - started;
    await new Promise((resolve) => setTimeout(resolve, 6_000));
    running = false;
    await clients;

    const count = (status: number) => outcomes.filter((o) => o.status === status).length;
    console.info(
      `postgres restart: down ${((upAt - downAt) / 1000).toFixed(1)} s; ${outcomes.length} answers: ${count(200) + count(201)} ok, ${count(503)} 503, other ${outcomes.length - count(200) - count(201) - count(503)}; slowest ${Math.max(...outcomes.map((o) => o.ms)).toFixed(0)} ms; first success after restart ${(Math.min(...outcomes.filter((o) => o.at > upAt && o.status < 300).map((o) => o.at)) - upAt).toFixed(0)} ms`,
    );
    const unexpected = outcomes.filter(
      (o) =>
        ![200, 201, 503].includes(o.status) ||
        (o.status === 503 && o.code !== 'SERVICE_UNAVAILABLE'),
    );
    expect(
      unexpected,
      `the portal's last output:\n${portal.launcher.output().slice(-3_000)}`,
    ).toEqual([]);
    expect(outcomes.filter((o) => o.status === 503).length).toBeGreaterThan(0);
    expect(Math.max(...outcomes.map((o) => o.ms))).toBeLessThan(15_000);
    // Recovered on its own: everything asked two seconds after Postgres came back succeeded.
    const after = outcomes.filter((o) => o.at > upAt + 2_000);
    expect(after.length).toBeGreaterThan(10);
    expect(after.every((o) => o.status === 200 || o.status === 201)).toBe(true);
    expect(downAt).toBeLessThan(upAt);

    // Every 201 is a claim on the dashboard (the projector is back too).
    const accepted = outcomes.flatMap((o) => (o.submitted ? [o.submitted] : []));
    const claims = await (await call(customer, portal.base, '/api/claims')).json();
    const listed = new Set(
      (claims as { claims: { submissionId: string }[] }).claims.map((c) => c.submissionId),
    );
    expect(accepted.every((id) => listed.has(id))).toBe(true);
    const stored = await countRows(
      portal.db,
      `select count(*) from events where event_type = 'ClaimSubmitted' and data->>'policyNumber' like 'PG-%'`,
    );
    // A commit whose answer was lost with the connection is kept though the client saw 503:
    // at most one per client in flight when Postgres stopped.
    expect(stored).toBeGreaterThanOrEqual(accepted.length);
    expect(stored).toBeLessThanOrEqual(accepted.length + 4);
  }, 120_000);
});
