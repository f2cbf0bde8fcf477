import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RecordedEvent } from '@contracts/event-store';
import { submitClaim } from '@services/claims/submit-claim';
import {
  claimantFor,
  customerContext,
  type Harness,
  openHarness,
  submitRequest,
} from '@tests/support/claims/handler-harness';
import { poolForTestDatabase } from '@tests/support/test-database';
import { claimsProjection } from '../claims/claims-projection';
import { applyBatch } from './apply-batch';
import { readCheckpoint } from './checkpoints';
import { holdElection } from './election';
import { acquireLease, type Fence, isLeaseLost } from './lease';
import { leadProjection, projectionLease } from './projection-leadership';

const TTL_MS = 600;
const HEARTBEAT_MS = TTL_MS / 3;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until(condition: () => boolean | Promise<boolean>, timeoutMs: number) {
  const started = performance.now();
  while (!(await condition())) {
    if (performance.now() - started > timeoutMs) throw new Error(`not within ${timeoutMs} ms`);
    await pause(10);
  }
}

describe('projection leadership by lease', () => {
  let harness: Harness;
  const pool = () => harness.database.pool;
  const submit = async (customer: string) =>
    (
      await submitClaim(
        harness.ports,
        submitRequest,
        claimantFor(customer),
        customerContext(customer),
      )
    ).submissionId;
  const claimRows = async (id: string) =>
    (await pool().query('select 1 from claims where submission_id = $1', [id])).rowCount;
  const eventsOf = (id: string): Promise<RecordedEvent[]> =>
    harness.ports.eventStore.readStream(`claim-${id}`);

  beforeAll(async () => {
    harness = await openHarness();
  });
  afterAll(() => harness.close());

  it('replaces a frozen leader within a TTL and a heartbeat; woken, its batch writes nothing', async () => {
    // A: a leader whose renewals freeze on demand (as SIGSTOP would), its fence kept.
    let fenceOfA: Fence | undefined;
    let thaw: () => void = () => {};
    let frozenAt: number | undefined;
    let freeze = false;
    const rolesOfA: string[] = [];
    const a = holdElection({
      pool: pool(),
      lease: projectionLease(claimsProjection),
      ttlMs: TTL_MS,
      async lead(fence) {
        fenceOfA = fence;
        return async () => {};
      },
      beforeRenewal: () =>
        freeze
          ? new Promise<void>((resolve) => {
              frozenAt ??= performance.now();
              thaw = resolve;
            })
          : Promise.resolve(),
      onRoleChange: (role) => rolesOfA.push(role),
    });
    await until(() => fenceOfA !== undefined, 2_000);

    // B: a real projector standing by.
    let tookOverAt: number | undefined;
    let aHeldWhenBTookOver: boolean | undefined;
    const b = leadProjection({
      pool: pool(),
      eventStore: harness.ports.eventStore,
      projection: claimsProjection,
      batchSize: 50,
      leaseTtlMs: TTL_MS,
      onRoleChange: (_name, role) => {
        if (role !== 'leader') return;
        tookOverAt = performance.now();
        aHeldWhenBTookOver = fenceOfA?.held();
      },
    });
    await pause(TTL_MS * 2);
    expect(tookOverAt).toBeUndefined();

    freeze = true;
    await until(() => tookOverAt !== undefined, TTL_MS * 4);
    const takeoverMs = (tookOverAt as number) - (frozenAt as number);
    console.log(`frozen leader replaced after ${Math.round(takeoverMs)} ms (TTL ${TTL_MS} ms)`);
    expect(takeoverMs).toBeLessThan(TTL_MS + HEARTBEAT_MS + 100);
    // By its own clock, A had stopped writing before B could take over.
    expect(aHeldWhenBTookOver).toBe(false);

    const first = await submit('ana');
    await until(async () => (await claimRows(first)) === 1, 5_000);
    await b.stop();

    // A wakes with a batch it read before freezing: its token is stale, and a clock that
    // did not notice the pause (a VM's may not) changes nothing.
    const stale: Fence = { ...(fenceOfA as Fence), held: () => true };
    const late = await submit('ben');
    const checkpoint = await readCheckpoint(pool(), claimsProjection.name);
    // Through the one-statement path (this pool committed B's batches) ...
    const oneStatement = await applyBatch(pool(), claimsProjection, await eventsOf(late), stale)
      .then(() => 'written')
      .catch((error: unknown) => error);
    expect(isLeaseLost(oneStatement)).toBe(true);
    // ... and through the transaction (a pool of its own, as another process has).
    const ownPool = poolForTestDatabase(harness.database.url, 1);
    try {
      const inTransaction = await applyBatch(ownPool, claimsProjection, await eventsOf(late), stale)
        .then(() => 'written')
        .catch((error: unknown) => error);
      expect(isLeaseLost(inTransaction)).toBe(true);
    } finally {
      await ownPool.end();
    }
    expect(await claimRows(late)).toBe(0);
    expect(await readCheckpoint(pool(), claimsProjection.name)).toEqual(checkpoint);

    // Thawed, A's renewal finds the lease taken and it stands by.
    thaw();
    await until(() => rolesOfA.includes('standby'), TTL_MS * 2);
    await a.stop();
    expect(rolesOfA).toEqual(['leader', 'standby']);
  }, 30_000);

  it('stands by while another holds the lease, with no listener left on its connection', async () => {
    await pause(TTL_MS);
    const held = await acquireLease(pool(), 'projection:claims', 'another worker', 60_000);
    expect(held).toBeDefined();
    const standbyPool = poolForTestDatabase(harness.database.url, 1);
    const roles: string[] = [];
    const standby = leadProjection({
      pool: standbyPool,
      eventStore: harness.ports.eventStore,
      projection: claimsProjection,
      batchSize: 10,
      leaseTtlMs: 300,
      onRoleChange: (_name, role) => roles.push(role),
    });
    await pause(400);
    await standby.stop();
    const client = await standbyPool.connect();
    try {
      expect(roles).toEqual([]);
      expect(client.listenerCount('error')).toBeLessThanOrEqual(1);
    } finally {
      client.release();
      await standbyPool.end();
    }
  });
});
