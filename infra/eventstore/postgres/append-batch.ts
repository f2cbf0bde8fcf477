import type pg from 'pg';
import { canonicalJson } from '@contracts/event-hash';
import type { AppendResult, ExpectedRevision, NewEvent } from '@contracts/event-store';
import { appendAlone, streamLockKey } from './append-alone';
import { FIELD_SEPARATOR } from './append-events-function';

/** An append waiting for its batch; settled exactly once. */
export interface PendingAppend {
  readonly streamId: string;
  readonly events: readonly NewEvent[];
  readonly expectedRevision: ExpectedRevision;
  readonly resolve: (result: AppendResult) => void;
  readonly reject: (error: unknown) => void;
}

const EXPECTED_CODES = { no_stream: -1n, any: -2n, stream_exists: -3n } as const;

/** append_events_v3's parameters for a batch (described with migration 005). */
interface BatchParameters {
  readonly expected: string[];
  readonly counts: number[];
  readonly firsts: number[];
  readonly lockKeys: Set<bigint>;
  readonly fields: string[];
}

/**
 * Adds one append to the batch's parameters. The canonical pieces around data and
 * metadata are built here with the same encoders as `canonicalJson`, so the function
 * hashes exactly what `chainHash` would. Throws, and adds nothing, when the append cannot
 * be encoded.
 */
function addAppend(
  parameters: BatchParameters,
  { streamId, events, expectedRevision }: PendingAppend,
): void {
  const fields = [streamId, `,"streamId":${JSON.stringify(streamId)},"streamRevision":"`];
  for (const event of events)
    fields.push(
      event.metadata.eventId,
      event.type,
      canonicalJson(event.data),
      canonicalJson(event.metadata),
      `","type":${JSON.stringify(event.type)}}`,
    );
  parameters.expected.push(
    String(
      typeof expectedRevision === 'bigint' ? expectedRevision : EXPECTED_CODES[expectedRevision],
    ),
  );
  parameters.counts.push(events.length);
  parameters.firsts.push(parameters.fields.length + 1);
  parameters.lockKeys.add(BigInt(streamLockKey(streamId)));
  for (const field of fields) parameters.fields.push(field);
}

/** Raw ids and types travel between separators; canonical JSON escapes U+001F. */
const holdsSeparator = ({ streamId, events }: PendingAppend): boolean =>
  streamId.includes(FIELD_SEPARATOR) ||
  events.some(
    (e) => e.type.includes(FIELD_SEPARATOR) || String(e.metadata.eventId).includes(FIELD_SEPARATOR),
  );

interface OutcomeRow {
  outcomes: number[] | null;
  revisions: string[] | null;
  event_positions: Array<string | null> | null;
  xid: string | null;
}

/**
 * Appends a batch (one append per stream) in one statement and one commit, and settles
 * each append with its own result. When the batch cannot go through as a whole (a retried
 * event id, a lost connection), every append is tried alone, and so is each append the
 * batch found in conflict (it may be a retry, whose answer is its first result): each gets
 * the answer it would have had without batching.
 */
export async function appendBatch(pool: pg.Pool, batch: readonly PendingAppend[]): Promise<void> {
  const parameters: BatchParameters = {
    expected: [],
    counts: [],
    firsts: [],
    lockKeys: new Set(),
    fields: [],
  };
  const included: PendingAppend[] = [];
  const alone: Promise<void>[] = [];
  for (const append of batch) {
    if (holdsSeparator(append)) {
      alone.push(settleAlone(pool, append));
      continue;
    }
    try {
      addAppend(parameters, append);
      included.push(append);
    } catch (error) {
      append.reject(error);
    }
  }
  if (included.length > 0) await appendIncluded(pool, included, parameters);
  await Promise.all(alone);
}

async function appendIncluded(
  pool: pg.Pool,
  included: readonly PendingAppend[],
  parameters: BatchParameters,
): Promise<void> {
  let row: OutcomeRow | undefined;
  try {
    ({
      rows: [row],
    } = await pool.query<OutcomeRow>({
      name: 'append-events-v3',
      text: 'select * from append_events_v3($1, $2, $3, $4, $5)',
      values: [
        parameters.expected,
        parameters.counts,
        parameters.firsts,
        [...parameters.lockKeys].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)).map(String),
        parameters.fields.join(FIELD_SEPARATOR),
      ],
    }));
  } catch {
    await Promise.all(included.map((append) => settleAlone(pool, append)));
    return;
  }
  const conflicts: Promise<void>[] = [];
  // `event_positions` holds every appended event's, in append order.
  let appendedEvents = 0;
  for (const [index, append] of included.entries()) {
    const outcome = row?.outcomes?.[index];
    if (outcome === 1) {
      conflicts.push(settleAlone(pool, append));
      continue;
    }
    if (outcome === 0) appendedEvents += append.events.length;
    settle(append, row, index, appendedEvents - 1);
  }
  await Promise.all(conflicts);
}

function settle(
  append: PendingAppend,
  row: OutcomeRow | undefined,
  index: number,
  lastEvent: number,
): void {
  const outcome = row?.outcomes?.[index];
  const revision = row?.revisions?.[index];
  const position = row?.event_positions?.[lastEvent];
  if (outcome === 0 && revision != null && position != null && row?.xid != null) {
    append.resolve({
      nextExpectedRevision: BigInt(revision),
      position: { commit: BigInt(row.xid), prepare: BigInt(position) },
    });
  } else {
    append.reject(new Error(`Stream ${append.streamId}: the batch returned no outcome`));
  }
}

async function settleAlone(pool: pg.Pool, append: PendingAppend): Promise<void> {
  try {
    append.resolve(
      await appendAlone(pool, append.streamId, append.events, append.expectedRevision),
    );
  } catch (error) {
    append.reject(error);
  }
}
