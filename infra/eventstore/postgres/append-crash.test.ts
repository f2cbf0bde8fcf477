import { spawn } from 'node:child_process';
import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RecordedEvent, START_OF_LOG } from '@contracts/event-store';
import { verifyEventChains } from '@projections/audit/verify-chains';
import { createTestDatabase, type TestDatabase } from '@tests/support/test-database';
import { createPostgresEventStore } from './postgres-event-store';

const WRITER = new URL('./testing/crash-writer.ts', import.meta.url).pathname;

/** Starts the writer and kills it (SIGKILL) once it has appended at least `atLeast` times. */
async function killWriterMidway(url: string, prefix: string, atLeast: number): Promise<void> {
  const child = spawn(process.execPath, ['--import', 'tsx', WRITER, url, prefix], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the writer exited early (${code})`)));
    child.stdout.on('data', (chunk: Buffer) => {
      const counts = [...chunk.toString().matchAll(/appended (\d+)/g)].map((m) => Number(m[1]));
      if (counts.some((n) => n >= atLeast)) resolve();
    });
  });
  child.removeAllListeners('exit');
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGKILL');
  await exited;
}

/**
 * Postgres finds out about a killed client only when it next talks to it: until then its
 * last transaction may still be open (and could still commit). A backend still running
 * an append may have no xid yet (the function takes one at its first insert), so an
 * active one counts too, and so does one idle in its transaction: the statements the writer
 * sent before it died may still wait in the socket, its COMMIT among them (seen under load:
 * ten events committed after the count).
 */
async function transactionsOfTheKilledWriterEnded(database: TestDatabase): Promise<void> {
  for (let tries = 0; tries < 100; tries += 1) {
    const { rows } = await database.pool.query<{ open: string }>(
      `select count(*) as open from pg_stat_activity
       where datname = current_database() and pid <> pg_backend_pid()
         and (backend_xid is not null or state <> 'idle')`,
    );
    if (rows[0]?.open === '0') return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('a transaction of the killed writer stayed open');
}

describe('a writer killed with SIGKILL in the middle of group commits', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.drop();
  });

  // `npm run test:concurrency` sets CONCURRENCY_RUNS=20 to run it many times in a row.
  const runs = Number(process.env.CONCURRENCY_RUNS ?? 1);
  it.each(Array.from({ length: runs }, (_, i) => `${i + 1}/${runs}`))(
    'leaves whole appends, gap-free streams, valid chains, and a log a follower reads once (run %s)',
    async () => {
      const prefix = `crash-${uuidv7()}`;
      await killWriterMidway(database.url, prefix, 300);

      await transactionsOfTheKilledWriterEnded(database);
      const store = createPostgresEventStore(database.pool);
      const stored = Number(
        (
          await database.pool.query<{ count: string }>(
            'select count(*) from events where stream_id like $1',
            [`${prefix}-%`],
          )
        ).rows[0]?.count,
      );
      expect(stored).toBeGreaterThanOrEqual(600);
      // A follower reads from the start until it has seen every stored event: transactions
      // of other test files still running hold the readable end of the log back a moment.
      const seen: RecordedEvent[] = [];
      let after = START_OF_LOG;
      for (const deadline = Date.now() + 30_000; seen.length < stored && Date.now() < deadline; ) {
        const batch = await store.readAll({ after, maxCount: 1_000 });
        const last = batch.at(-1);
        if (!last) {
          await new Promise((resolve) => setTimeout(resolve, 50));
          continue;
        }
        seen.push(...batch.filter((e) => e.streamId.startsWith(prefix)));
        after = last.position;
      }
      expect(seen.length).toBe(stored);
      expect(new Set(seen.map((e) => e.metadata.eventId)).size).toBe(seen.length);

      const byStream = new Map<string, RecordedEvent[]>();
      for (const e of seen) byStream.set(e.streamId, [...(byStream.get(e.streamId) ?? []), e]);
      for (const [streamId, events] of byStream) {
        // The global log gives each stream in revision order, from 0, without a gap.
        expect(events.map((e) => e.streamRevision)).toEqual(events.map((_, i) => BigInt(i)));
        // An append is whole: its two events, next to each other.
        for (let at = 0; at < events.length; at += 2) {
          expect(events[at]?.type).toBe('First');
          expect(events[at + 1]?.type).toBe('Second');
          expect(events[at + 1]?.metadata.correlationId).toBe(events[at]?.metadata.correlationId);
        }
        const head = await database.pool.query<{ revision: string }>(
          'select revision from event_streams where stream_id = $1',
          [streamId],
        );
        expect(BigInt(head.rows[0]?.revision ?? -1)).toBe(BigInt(events.length - 1));
      }
      expect(await verifyEventChains(database.pool)).toMatchObject({ ok: true });
      await store.close();
    },
    120_000,
  );
});
