import {
  type EventStore,
  type LogPosition,
  type RecordedEvent,
  readEach,
  START_OF_LOG,
} from '@contracts/event-store';
import { lockCheckpoint, saveCheckpoint } from './checkpoints';
import type { Projection, ReplayFold } from './projection';
import { pipelinedLanes } from './pipelined-lanes';
import { replayedFor, replayLog } from './replay-log';
import {
  applyToShadow,
  createShadowTables,
  dropSchema,
  enableAutovacuum,
  finishShadowTables,
  identifier,
  inTransaction,
  shadowSearchPath,
  vacuumShadowTables,
  withShadowLock,
} from './shadow-tables';
import type { SqlPool } from './sql';

export interface RebuildOptions {
  readonly batchSize?: number;
  /** How long the swap may wait for a lock (the checkpoint row, a reader on a live table). */
  readonly lockTimeoutMs?: number;
  /** After each batch written to the shadow tables, before the swap. */
  readonly onProgress?: (progress: {
    events: number;
    position: LogPosition;
  }) => Promise<void> | void;
}

export interface RebuildResult {
  readonly projection: string;
  /** Events the projection handles, written to the new tables. */
  readonly eventsApplied: number;
  readonly seconds: number;
  /** Events applied per second. */
  readonly eventsPerSecond: number;
  /** Where the projection's checkpoint now stands: the last event read. */
  readonly checkpoint: LogPosition;
  /** Seconds each step took, in the order they ran. */
  readonly steps: readonly RebuildStep[];
}

interface RebuildStep {
  readonly name: 'replay' | 'vacuum' | 'derive' | 'indexes and statistics' | 'swap';
  readonly seconds: number;
}

const rebuildSchema = (projection: Projection) => `rebuild_${identifier(projection.name)}`;

const retiredSchema = (projection: Projection, at: Date) =>
  `retired_${identifier(projection.name)}_${at.toISOString().replace(/\D/g, '')}`;

/**
 * Rebuilds a projection from the first event into shadow tables, then swaps them in
 * atomically. The live tables keep serving, and the live runner keeps them current, until
 * the swap; the swap holds the checkpoint row, so no live batch runs between the shadow's
 * last event and the new checkpoint.
 */
export async function rebuildProjection(
  pool: SqlPool,
  eventStore: EventStore,
  projection: Projection,
  tables: readonly string[],
  options: RebuildOptions = {},
): Promise<RebuildResult> {
  const batchSize = options.batchSize ?? 5_000;
  const shadow = rebuildSchema(projection);
  const started = performance.now();
  const steps: RebuildStep[] = [];
  const timed = async <T>(name: RebuildStep['name'], step: () => Promise<T>): Promise<T> => {
    const from = performance.now();
    const result = await step();
    steps.push({ name, seconds: (performance.now() - from) / 1_000 });
    return result;
  };
  return withShadowLock(pool, shadow, async () => {
    let applied = 0;
    try {
      await dropRetiredSchemas(pool, projection);
      const filled = await timed('replay', async () => {
        await inTransaction(pool, (client) => createShadowTables(client, shadow, tables));
        return fillShadow(pool, eventStore, projection, shadow, {
          batchSize,
          onProgress: options.onProgress,
        });
      });
      applied = filled.applied;
      await timed('vacuum', () => vacuumShadowTables(pool, shadow, tables));
      const derive = projection.deriveAfterReplay?.bind(projection);
      if (derive) await timed('derive', () => inTransaction(pool, derive, replayBegin(shadow)));
      await timed('indexes and statistics', () => finishShadowTables(pool, shadow, tables));

      const swapped = await timed('swap', () =>
        swapShadowIn(pool, eventStore, projection, shadow, tables, {
          after: filled.position,
          batchSize,
          lockTimeoutMs: options.lockTimeoutMs ?? 30_000,
        }),
      );
      applied += swapped.applied;
      await dropSchema(pool, swapped.retired);

      const seconds = (performance.now() - started) / 1_000;
      return {
        projection: projection.name,
        eventsApplied: applied,
        seconds,
        eventsPerSecond: seconds > 0 ? applied / seconds : applied,
        checkpoint: swapped.position,
        steps,
      };
    } finally {
      await dropSchema(pool, shadow);
    }
  });
}

/**
 * The events after the replay's last applied to the shadow tables, then the tables swapped
 * for the live ones, holding the checkpoint row so no live batch runs in between.
 */
async function swapShadowIn(
  pool: SqlPool,
  eventStore: EventStore,
  projection: Projection,
  shadow: string,
  tables: readonly string[],
  {
    after,
    batchSize,
    lockTimeoutMs,
  }: { after: LogPosition; batchSize: number; lockTimeoutMs: number },
): Promise<{ retired: string; position: LogPosition; applied: number }> {
  return inTransaction(pool, async (client) => {
    await client.query(`set local lock_timeout = ${Math.trunc(lockTimeoutMs)}`);
    await lockCheckpoint(client, projection.name);
    let applied = 0;
    const rest = await replayLog(
      eventStore,
      { after, batchSize, ...replayedFor(projection) },
      async (events) => {
        applied += await applyToShadow(client, shadow, projection, events);
      },
    );
    await enableAutovacuum(client, shadow, tables);
    const retired = retiredSchema(projection, new Date());
    await client.query(`create schema ${retired}`);
    for (const table of tables) {
      await client.query(`alter table public.${identifier(table)} set schema ${retired}`);
    }
    for (const table of tables) {
      await client.query(`alter table ${shadow}.${table} set schema public`);
    }
    await saveCheckpoint(client, projection.name, rest.position);
    return { retired, position: rest.position, applied };
  });
}

/**
 * Replays the log from the start into the shadow tables: the projection's two halves of the
 * streams on two connections, each going on to its next batch as soon as its own part of
 * one is written (see `pipelinedLanes`). Each event is folded into its lane's part as it is
 * read (see `ReplayFold`), while the lanes write the batch before.
 */
async function fillShadow(
  pool: SqlPool,
  eventStore: EventStore,
  projection: Projection,
  shadow: string,
  { batchSize, onProgress }: { batchSize: number; onProgress: RebuildOptions['onProgress'] },
): Promise<{ position: LogPosition; applied: number }> {
  let applied = 0;
  const laneCount = projection.streamsAreIndependent === true ? 2 : 1;
  const how = { replayFromStart: true, derivedLater: projection.deriveAfterReplay !== undefined };
  const begin = replayBegin(shadow);
  const lanes = pipelinedLanes<LanePart>(laneCount, async ({ fold, events }) => {
    if (events === 0) return;
    await inTransaction(pool, (client) => fold.write(client, how), begin);
    applied += events;
  });
  let position = START_OF_LOG;
  try {
    for (;;) {
      const batch = laneParts(projection, laneCount);
      const read = await readEach(
        eventStore,
        { after: position, maxCount: batchSize, ...replayedFor(projection) },
        batch.add,
      );
      const { last } = read;
      if (!last) break;
      await lanes.write(batch.parts, () => onProgress?.({ events: read.events, position: last }));
      position = last;
      if (read.events < batchSize) break;
    }
  } finally {
    // Nothing may still write to the shadow tables when the caller drops them.
    await lanes.settled();
  }
  await lanes.drained();
  return { position, applied };
}

interface LanePart {
  readonly fold: ReplayFold;
  events: number;
}

/**
 * A batch's part for each lane, the events of a stream always in the same one, so each part
 * depends only on the same lane's parts before it.
 */
function laneParts(projection: Projection, laneCount: number) {
  const parts: LanePart[] = Array.from({ length: laneCount }, () => ({
    fold: projection.replayFold?.() ?? gatheredFold(projection),
    events: 0,
  }));
  // A stream's events mostly come one after another: its lane is hashed once for them.
  let lastStream: string | undefined;
  let part = parts[0] as LanePart;
  const add = (event: RecordedEvent) => {
    if (!projection.handles(event)) return;
    if (event.streamId !== lastStream) {
      lastStream = event.streamId;
      part = parts[laneCount === 1 ? 0 : streamHalf(event.streamId)] as LanePart;
    }
    part.fold.add(event);
    part.events += 1;
  };
  return { parts, add };
}

/** A projection without a fold of its own: its lane's events gathered, then `apply`. */
function gatheredFold(projection: Projection): ReplayFold {
  const events: RecordedEvent[] = [];
  return {
    add: (event) => void events.push(event),
    write: (client, how) => projection.apply(client, events, how),
  };
}

/**
 * A crash mid-rebuild only means rebuilding again, so no flush per batch. The settings go
 * with the `begin`: each round trip a lane waits on holds its connection idle until Node
 * comes back to it, about 13 ms a time while the other lane folds (issue 30).
 */
const replayBegin = (shadow: string) =>
  `begin; set local synchronous_commit = off; ${shadowSearchPath(shadow)}`;

/** Live tables a rebuild swapped out, left behind if its process died before dropping them. */
async function dropRetiredSchemas(pool: SqlPool, projection: Projection): Promise<void> {
  const { rows } = await pool.query<{ name: string }>(
    `select nspname as name from pg_namespace where starts_with(nspname, $1)`,
    [`retired_${identifier(projection.name)}_`],
  );
  for (const { name } of rows) await dropSchema(pool, name);
}

function streamHalf(streamId: string): number {
  let hash = 0;
  for (let i = 0; i < streamId.length; i += 1) hash = (hash * 31 + streamId.charCodeAt(i)) | 0;
  return hash & 1;
}
