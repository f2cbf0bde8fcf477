import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LogPosition, START_OF_LOG } from '@contracts/event-store';
import { createTestDatabase, type TestDatabase } from '@tests/support/test-database';
import { checkpointMoved } from './checkpoint-signal';
import {
  beginWithCheckpoint,
  commitWithCheckpoint,
  lockCheckpoint,
  readCheckpoint,
  saveCheckpoint,
  waitForCheckpoint,
} from './checkpoints';
import { acquireLease } from './lease';
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

  it('sees a checkpoint already in the table at once, with no time left to wait', async () => {
    const { client } = countingPool();
    await storeCheckpoint('already-there', at(4));
    expect(await waitForCheckpoint(client, 'already-there', at(4), { timeoutMs: 0 })).toBe(true);
    expect(await waitForCheckpoint(client, 'already-there', at(5), { timeoutMs: 0 })).toBe(false);
  });

  /** Whether the wait ends within half its timeout: a poll every interval ends it at once. */
  const endsWellBeforeItsTimeout = (waiting: Promise<boolean>, timeoutMs: number) =>
    Promise.race([
      waiting,
      new Promise<string>((resolve) => setTimeout(resolve, timeoutMs / 2, 'still waiting')),
    ]);

  it('polls the table every interval, not once per timeout, when the projector runs elsewhere', async () => {
    const { client } = countingPool();
    await storeCheckpoint('polled', at(1));
    const waiting = waitForCheckpoint(client, 'polled', at(2), {
      timeoutMs: 20_000,
      intervalMs: 20,
    });
    setTimeout(() => void storeCheckpoint('polled', at(2)), 30);
    expect(await endsWellBeforeItsTimeout(waiting, 20_000)).toBe(true);
  });

  it('gives up at its timeout when the poll interval is longer than what is left', async () => {
    const { client } = countingPool();
    await storeCheckpoint('short-timeout', at(1));
    const waiting = waitForCheckpoint(client, 'short-timeout', at(2), {
      timeoutMs: 50,
      intervalMs: 20_000,
    });
    expect(await endsWellBeforeItsTimeout(waiting, 20_000)).toBe(false);
  });

  it('reads the table after a signal from another database’s projector, not trusting it', async () => {
    const { client } = countingPool();
    await storeCheckpoint('other-db-signal', at(1));
    const options = { timeoutMs: 20_000, intervalMs: 15_000 };
    const waiting = waitForCheckpoint(client, 'other-db-signal', at(2), options);
    await new Promise((resolve) => setTimeout(resolve, 50));
    await storeCheckpoint('other-db-signal', at(2));
    checkpointMoved('other-db-signal', {}, at(2));
    expect(await endsWellBeforeItsTimeout(waiting, options.timeoutMs)).toBe(true);
  });

  it('polls the table when its projector went quiet (another process took over)', async () => {
    const { client } = countingPool();
    checkpointMoved('handed-over', client, at(1));
    const waiting = waitForCheckpoint(client, 'handed-over', at(7), { timeoutMs: 2_000 });
    setTimeout(() => void storeCheckpoint('handed-over', at(7)), 30);
    expect(await waiting).toBe(true);
  });
});

describe('a live batch’s checkpoint, opened and committed in one round trip each', () => {
  async function withClient<T>(work: (client: SqlClient) => Promise<T>): Promise<T> {
    const client = await database.pool.connect();
    try {
      return await work(client as unknown as SqlClient);
    } finally {
      client.release();
    }
  }

  it('reads the start of the log for a projection that never moved', async () => {
    expect(await readCheckpoint(database.pool as unknown as SqlClient, 'never-moved')).toEqual(
      START_OF_LOG,
    );
  });

  it('opens a batch at the stored position, creating the row of a new projection', async () => {
    await withClient(async (client) => {
      expect(await beginWithCheckpoint(client, 'brand-new')).toEqual(START_OF_LOG);
      await commitWithCheckpoint(client, 'brand-new', at(4));
    });
    expect(await readCheckpoint(database.pool as unknown as SqlClient, 'brand-new')).toEqual(at(4));
    await withClient(async (client) => {
      expect(await beginWithCheckpoint(client, 'brand-new')).toEqual(at(4));
      await commitWithCheckpoint(client, 'brand-new', { commit: 9n, prepare: 8n });
    });
    expect(await readCheckpoint(database.pool as unknown as SqlClient, 'brand-new')).toEqual({
      commit: 9n,
      prepare: 8n,
    });
  });

  it('commits a batch that moved nothing, and leaves the checkpoint where it was', async () => {
    await storeCheckpoint('unmoved', at(6));
    await withClient(async (client) => {
      await beginWithCheckpoint(client, 'unmoved');
      await client.query(
        "insert into projection_checkpoints (name, commit_position, prepare_position) values ('witness', 1, 1)",
      );
      await commitWithCheckpoint(client, 'unmoved', undefined);
    });
    const pool = database.pool as unknown as SqlClient;
    expect(await readCheckpoint(pool, 'unmoved')).toEqual(at(6));
    expect(await readCheckpoint(pool, 'witness')).toEqual(at(1));
  });

  it('opens a fenced batch the same way: the lease checked, the commit not waiting for its flush', async () => {
    const token = await acquireLease(
      database.pool as unknown as SqlClient,
      'role:fenced',
      'me',
      10_000,
    );
    await storeCheckpoint('fenced', at(7));
    await withClient(async (client) => {
      const fence = {
        lease: 'role:fenced',
        token: token as bigint,
        ttlMs: 10_000,
        held: () => true,
      };
      expect(await beginWithCheckpoint(client, 'fenced', fence)).toEqual(at(7));
      const { rows } = await client.query<{ synchronous_commit: string }>(
        'show synchronous_commit',
      );
      expect(rows[0]?.synchronous_commit).toBe('off');
      await commitWithCheckpoint(client, 'fenced', at(8));
    });
    await withClient(async (client) => {
      await beginWithCheckpoint(client, 'fenced');
      const { rows } = await client.query<{ synchronous_commit: string }>(
        'show synchronous_commit',
      );
      expect(rows[0]?.synchronous_commit).toBe('off');
      await commitWithCheckpoint(client, 'fenced', undefined);
    });
  });

  it('holds the checkpoint row until the batch commits', async () => {
    await storeCheckpoint('locked', at(2));
    await withClient(async (first) => {
      await beginWithCheckpoint(first, 'locked');
      await withClient(async (second) => {
        await second.query('begin');
        await second.query("set local lock_timeout = '100ms'");
        await expect(lockCheckpoint(second, 'locked')).rejects.toThrow(/lock timeout/);
        await second.query('rollback');
      });
      await commitWithCheckpoint(first, 'locked', at(3));
    });
  });

  it('refuses a name that is not a projection name rather than write it into SQL', async () => {
    await withClient(async (client) => {
      await expect(
        beginWithCheckpoint(client, "x'; drop table projection_checkpoints; --"),
      ).rejects.toThrow(/not a projection name/);
      await expect(commitWithCheckpoint(client, 'Upper', at(1))).rejects.toThrow(
        /not a projection name/,
      );
      await expect(commitWithCheckpoint(client, '9-starts-with-a-digit', at(1))).rejects.toThrow(
        /not a projection name/,
      );
      await client.query('rollback').catch(() => undefined);
    });
  });
});
