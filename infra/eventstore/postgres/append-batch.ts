import type pg from 'pg';
import { canonicalJson } from '@contracts/event-hash';
import type { AppendResult, ExpectedRevision, NewEvent } from '@contracts/event-store';
import { WrongExpectedRevisionError } from '@contracts/event-store';
import { appendAlone, streamLockKey } from './append-alone';

/** An append waiting for its batch; settled exactly once. */
export interface PendingAppend {
  readonly streamId: string;
  readonly events: readonly NewEvent[];
  readonly expectedRevision: ExpectedRevision;
  readonly resolve: (result: AppendResult) => void;
  readonly reject: (error: unknown) => void;
}

const EXPECTED_CODES = { no_stream: -1n, any: -2n, stream_exists: -3n } as const;

/**
 * One append as an element of append_batch's JSON document (described there). The
 * canonical pieces around data and metadata are built here with the same encoders as
 * `canonicalJson`, so the function hashes exactly what `chainHash` would.
 * Throws, and adds nothing, when the append cannot be encoded.
 */
export function batchElement({ streamId, events, expectedRevision }: PendingAppend): string {
  const expected =
    typeof expectedRevision === 'bigint' ? expectedRevision : EXPECTED_CODES[expectedRevision];
  const encoded = events.map(
    (event) =>
      `{"i":${JSON.stringify(event.metadata.eventId)},"t":${JSON.stringify(event.type)},` +
      `"d":${canonicalJson(event.data)},"m":${canonicalJson(event.metadata)},` +
      `"c":${JSON.stringify(`","type":${JSON.stringify(event.type)}}`)}}`,
  );
  const canonicalStream = `,"streamId":${JSON.stringify(streamId)},"streamRevision":"`;
  return (
    `{"s":${JSON.stringify(streamId)},"k":"${streamLockKey(streamId)}","x":"${expected}",` +
    `"n":${events.length},"h":${JSON.stringify(canonicalStream)},"e":[${encoded.join(',')}]}`
  );
}

interface OutcomeRow {
  out_outcome: number;
  out_revision: string;
  out_xid: string | null;
  out_position: string | null;
}

/**
 * Appends a batch (one append per stream) in one statement and one commit, and settles
 * each append with its own result or conflict. When the batch cannot go through as a
 * whole (a retried event id, an event id taken meanwhile, a lost connection), every
 * append is tried alone, so each gets the answer it would have had without batching.
 */
export async function appendBatch(pool: pg.Pool, batch: readonly PendingAppend[]): Promise<void> {
  const elements: string[] = [];
  const included: PendingAppend[] = [];
  for (const append of batch) {
    try {
      elements.push(batchElement(append));
      included.push(append);
    } catch (error) {
      append.reject(error);
    }
  }
  if (included.length === 0) return;
  let rows: OutcomeRow[];
  try {
    ({ rows } = await pool.query<OutcomeRow>({
      name: 'append-batch',
      text: 'select * from append_batch($1::json)',
      values: [`[${elements.join(',')}]`],
    }));
  } catch {
    await Promise.all(included.map((append) => settleAlone(pool, append)));
    return;
  }
  for (const [index, append] of included.entries()) settle(append, rows[index]);
}

function settle(append: PendingAppend, row: OutcomeRow | undefined): void {
  if (row?.out_outcome === 0 && row.out_xid !== null && row.out_position !== null) {
    append.resolve({
      nextExpectedRevision: BigInt(row.out_revision),
      position: { commit: BigInt(row.out_xid), prepare: BigInt(row.out_position) },
    });
  } else if (row?.out_outcome === 1) {
    const current = BigInt(row.out_revision);
    append.reject(
      new WrongExpectedRevisionError(
        append.streamId,
        append.expectedRevision,
        current >= 0n ? current : 'no_stream',
      ),
    );
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
