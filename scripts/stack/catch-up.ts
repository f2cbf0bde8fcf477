import pg from 'pg';
import { compareLogPositions, type LogPosition, START_OF_LOG } from '@contracts/event-store';
import { createPostgresEventStore } from '@infra/eventstore/postgres/postgres-event-store';
import { readRelayCheckpoint } from '@infra/kafka/relay-checkpoint';
import { projections } from '@projections/index';
import { readCheckpoint } from '@projections/runner/checkpoints';

export interface CatchUp {
  /** From the reference moment until every projection had applied the log as it stood then. */
  readonly projectionsMs: number;
  /** The same for the Kafka relay's checkpoint. */
  readonly relayMs: number;
}

/**
 * Reads the log's head and the checkpoints through a pool of its own that survives a
 * Postgres restart (a failed query is tried again until the deadline).
 */
export function catchUpProbe(databaseUrl: string) {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  pool.on('error', () => {});
  pool.on('connect', (client) => client.on('error', () => {}));
  const store = createPostgresEventStore(pool);

  /** The position of the newest event readers of the global log can see now. */
  async function head(): Promise<LogPosition> {
    let after = await lowestCheckpoint();
    for (;;) {
      const batch = await store.readAll({ after, maxCount: 1_000 });
      const last = batch.at(-1);
      if (!last) return after;
      after = last.position;
      if (batch.length < 1_000) return after;
    }
  }

  async function lowestCheckpoint(): Promise<LogPosition> {
    const positions = await Promise.all(projections.map((p) => readCheckpoint(pool, p.name)));
    return positions.reduce(
      (low, p) => (compareLogPositions(p, low) < 0 ? p : low),
      positions[0] ?? START_OF_LOG,
    );
  }

  const reached = async (target: LogPosition, read: () => Promise<LogPosition[]>) =>
    (await read()).every((position) => compareLogPositions(position, target) >= 0);

  return {
    /**
     * Waits until the projections and the relay have applied everything visible at `since`
     * (a Date.now() value; the head is read first, so it is measured from then at the earliest).
     */
    async measure(since: number, timeoutMs = 120_000): Promise<CatchUp> {
      const deadline = Date.now() + timeoutMs;
      const target = await retry(head, deadline);
      let projectionsMs: number | undefined;
      let relayMs: number | undefined;
      while (projectionsMs === undefined || relayMs === undefined) {
        if (Date.now() > deadline) {
          return {
            projectionsMs: projectionsMs ?? Number.POSITIVE_INFINITY,
            relayMs: relayMs ?? Number.POSITIVE_INFINITY,
          };
        }
        const [projected, relayed] = await Promise.all([
          reached(target, () => Promise.all(projections.map((p) => readCheckpoint(pool, p.name)))),
          reached(target, async () => [await readRelayCheckpoint(pool, 'kafka-relay')]),
        ]).catch(() => [false, false]);
        if (projected && projectionsMs === undefined) projectionsMs = Date.now() - since;
        if (relayed && relayMs === undefined) relayMs = Date.now() - since;
        await new Promise((r) => setTimeout(r, 50));
      }
      return { projectionsMs, relayMs };
    },
    close: () => pool.end(),
  };
}

async function retry<T>(read: () => Promise<T>, deadline: number): Promise<T> {
  for (;;) {
    try {
      return await read();
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}
