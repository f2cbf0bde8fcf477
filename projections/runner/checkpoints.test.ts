import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LogPosition } from '@contracts/event-store';
import { createTestDatabase, type TestDatabase } from '@tests/support/test-database';
import { checkpointMoved } from './checkpoint-signal';
import { lockCheckpoint, saveCheckpoint, waitForCheckpoint } from './checkpoints';
import type { SqlClient } from './sql';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.drop());

const at = (commit: number): LogPosition => ({ commit: BigInt(commit), prepare: BigInt(commit) });

/** The test database's pool, counting the queries a wait sends through it. */
function countingPool(): { client: SqlClient; queries: () => number } {
  let queries = 0;
  const client = {
    query: (text: string, values?: unknown[]) => {
      queries += 1;
      return database.pool.query(text, values);
    },
  } as unknown as SqlClient;
  return { client, queries: () => queries };
}

async function storeCheckpoint(name: string, position: LogPosition): Promise<void> {
  const client = await database.pool.connect();
  try {
    await client.query('begin');
    await lockCheckpoint(client, name);
    await saveCheckpoint(client, name, position);
    await client.query('commit');
  } finally {
    client.release();
  }
}

describe('waiting for a checkpoint (read-your-writes)', () => {
  it('needs no query when this process’s projector signals the position', async () => {
    const { client, queries } = countingPool();
    checkpointMoved('signalled', client, at(10));
    const waiting = waitForCheckpoint(client, 'signalled', at(12), { timeoutMs: 2_000 });
    setTimeout(() => checkpointMoved('signalled', client, at(12)), 5);
    expect(await waiting).toBe(true);
    expect(await waitForCheckpoint(client, 'signalled', at(11))).toBe(true);
    expect(queries()).toBe(0);
  });

  it('reads the table when the projector runs elsewhere, and sees it move', async () => {
    const { client, queries } = countingPool();
    await storeCheckpoint('elsewhere', at(3));
    const waiting = waitForCheckpoint(client, 'elsewhere', at(5), { timeoutMs: 2_000 });
    setTimeout(() => void storeCheckpoint('elsewhere', at(5)), 40);
    expect(await waiting).toBe(true);
    expect(queries()).toBeGreaterThan(1);
  });

  it('does not take another database’s projector for its own', async () => {
    const { client } = countingPool();
    checkpointMoved('shared-name', {}, at(100));
    await storeCheckpoint('shared-name', at(1));
    expect(await waitForCheckpoint(client, 'shared-name', at(50), { timeoutMs: 80 })).toBe(false);
  });

  it('polls the table when its projector went quiet (another process took over)', async () => {
    const { client } = countingPool();
    checkpointMoved('handed-over', client, at(1));
    const waiting = waitForCheckpoint(client, 'handed-over', at(7), { timeoutMs: 2_000 });
    setTimeout(() => void storeCheckpoint('handed-over', at(7)), 30);
    expect(await waiting).toBe(true);
  });
});
