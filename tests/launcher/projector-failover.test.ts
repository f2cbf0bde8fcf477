import { type ChildProcess, spawn } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compareLogPositions, type LogPosition } from '@contracts/event-store';
import { createPostgresEventStore } from '@infra/eventstore/postgres/postgres-event-store';
import { readCheckpoint } from '@projections/runner/checkpoints';
import { testEvent } from '@tests/contracts/event-store-contract-support';
import { createTestDatabase, type TestDatabase } from '@tests/support/test-database';

interface Worker {
  readonly child: ChildProcess;
  output: string;
}

function startWorker(databaseUrl: string): Worker {
  const child = spawn(process.execPath, ['--import', 'tsx', 'infra/launcher/projector.ts'], {
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      LOG_FORMAT: 'json',
      NODE_ENV: 'test',
      // A killed leader's lease runs out: taken over within about 4/3 of the TTL (decision 112).
      LEASE_TTL_MS: '3000',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const worker: Worker = { child, output: '' };
  child.stdout?.on('data', (chunk) => {
    worker.output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    worker.output += chunk;
  });
  return worker;
}

const leads = (worker: Worker) => worker.output.includes('"role":"leader"');

async function until(
  condition: () => boolean | Promise<boolean>,
  timeoutMs: number,
): Promise<number> {
  const started = Date.now();
  while (!(await condition())) {
    if (Date.now() - started > timeoutMs) throw new Error(`not reached within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return Date.now() - started;
}

describe('projector workers', () => {
  let database: TestDatabase;
  const workers: Worker[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    for (const { child } of workers) if (child.exitCode === null) child.kill('SIGKILL');
    await database.drop();
  });

  it('run one at a time; when the leader is killed, the other takes over within 5 s', async () => {
    const store = createPostgresEventStore(database.pool);
    const applied = async (position: LogPosition) =>
      compareLogPositions(await readCheckpoint(database.pool, 'claims'), position) >= 0;
    const append = async () =>
      (
        await store.append(`other-${Date.now()}`, [testEvent('Unrelated')], {
          expectedRevision: 'any',
        })
      ).position;

    workers.push(startWorker(database.url), startWorker(database.url));
    await until(() => workers.some(leads), 60_000);
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(workers.filter(leads)).toHaveLength(1);

    const before = await append();
    await until(() => applied(before), 10_000);

    const leader = workers.find(leads) as Worker;
    const standby = workers.find((w) => w !== leader) as Worker;
    leader.child.kill('SIGKILL');
    const killedAt = Date.now();
    const after = await append();
    await until(() => applied(after), 5_000);
    const takeoverMs = Date.now() - killedAt;
    expect(leads(standby)).toBe(true);
    expect(takeoverMs).toBeLessThan(5_000);
    console.log(`projector takeover after kill -9: ${takeoverMs} ms`);
    await store.close();
  }, 120_000);
});
