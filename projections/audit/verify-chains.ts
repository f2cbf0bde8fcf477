import type { EventMetadata } from '@contracts/event-store';
import type { SqlClient } from '../runner/sql';
import { type ChainReport, chainWalk, type StoredLink, type StreamHead } from './hash-chain';

export interface LinkRow {
  stream_id: string;
  stream_revision: string;
  event_id: string;
  event_type: string;
  data: unknown;
  metadata: EventMetadata;
  hash: string;
  head_revision: string | null;
  head_hash: string | null;
}

export const toLink = (row: LinkRow): StoredLink => ({
  streamId: row.stream_id,
  streamRevision: BigInt(row.stream_revision),
  eventId: row.event_id,
  type: row.event_type,
  data: row.data,
  metadata: row.metadata,
  hash: row.hash,
});

export const headOf = (row: LinkRow): StreamHead | undefined =>
  row.head_revision === null || row.head_hash === null
    ? undefined
    : { revision: BigInt(row.head_revision), lastHash: row.head_hash };

export const LINKS_SQL = `select e.stream_id, e.stream_revision, e.event_id, e.event_type, e.data,
         e.metadata, e.hash, s.revision as head_revision, s.last_hash as head_hash
  from events e left join event_streams s on s.stream_id = e.stream_id
  where (e.stream_id, e.stream_revision) > ($1, $2::bigint)`;

/**
 * Recomputes every stored hash of the Postgres event store, stream by stream in revision
 * order, and stops at the first broken link: `npm run audit -- verify` and, with `streamId`,
 * the staff Audit tab, so both judge a stream alike (chain, revisions, stream head). Reads in
 * keyset batches on (stream, revision), so memory stays flat however long the log. Each
 * stream's head comes from the same query as its last event, so appends during the walk do
 * not look like tampering.
 */
export async function verifyEventChains(
  client: SqlClient,
  { batchSize = 5_000, streamId }: { batchSize?: number; streamId?: string } = {},
): Promise<ChainReport> {
  const walk = chainWalk();
  const report = (broken: ReturnType<typeof walk.end>): ChainReport =>
    broken ? { ok: false, ...walk.counts, broken } : { ok: true, ...walk.counts };
  let after = { streamId: '', revision: '-1' };
  for (;;) {
    const { rows } = await client.query<LinkRow>(
      streamId === undefined
        ? `${LINKS_SQL} order by e.stream_id, e.stream_revision limit $3`
        : `${LINKS_SQL} and e.stream_id = $4 order by e.stream_id, e.stream_revision limit $3`,
      [after.streamId, after.revision, batchSize, ...(streamId === undefined ? [] : [streamId])],
    );
    for (const row of rows) {
      const broken = walk.step(toLink(row), headOf(row));
      if (broken) return report(broken);
    }
    const last = rows.at(-1);
    if (!last) break;
    after = { streamId: last.stream_id, revision: last.stream_revision };
  }
  return report(walk.end());
}

/**
 * One stream's stored events, oldest first, and its head, read in one query so an append
 * meanwhile cannot look like tampering: what the audit export holds (decision 063).
 */
export async function readStreamLinks(
  client: SqlClient,
  streamId: string,
): Promise<{ links: StoredLink[]; head: StreamHead | undefined }> {
  const { rows } = await client.query<LinkRow>(
    `${LINKS_SQL} and e.stream_id = $3 order by e.stream_revision`,
    ['', '-1', streamId],
  );
  const last = rows.at(-1);
  return { links: rows.map(toLink), head: last && headOf(last) };
}
