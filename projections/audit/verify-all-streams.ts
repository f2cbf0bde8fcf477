import type { SqlClient } from '../runner/sql';
import { type BrokenLink, type ChainWalk, chainWalk, formatChainReport } from './hash-chain';
import { headOf, LINKS_SQL, type LinkRow, toLink } from './verify-chains';

/** Every stream judged, each broken one named once (its first bad link). */
export interface StoreReport {
  readonly streams: number;
  readonly events: number;
  readonly broken: readonly BrokenLink[];
}

/**
 * `npm run audit -- verify`: the walk of verifyEventChains, one fresh walk per stream, so a
 * broken stream is named and the walk goes on to the next instead of stopping the run (issue
 * 50: five tampered streams must not need five rounds of fix and re-run). Keyset batches keep
 * memory flat; a broken stream's later events are skipped, not held.
 */
export async function verifyAllStreams(
  client: SqlClient,
  { batchSize = 5_000 }: { batchSize?: number } = {},
): Promise<StoreReport> {
  const broken: BrokenLink[] = [];
  let streams = 0;
  let events = 0;
  let current: { streamId: string; walk: ChainWalk; failed: boolean } | undefined;
  const close = () => {
    if (!current) return;
    events += current.walk.counts.events;
    const atEnd = current.failed ? undefined : current.walk.end();
    if (atEnd) broken.push(atEnd);
  };
  let after = { streamId: '', revision: '-1' };
  for (;;) {
    const { rows } = await client.query<LinkRow>(
      `${LINKS_SQL} order by e.stream_id, e.stream_revision limit $3`,
      [after.streamId, after.revision, batchSize],
    );
    for (const row of rows) {
      if (current?.streamId !== row.stream_id) {
        close();
        current = { streamId: row.stream_id, walk: chainWalk(), failed: false };
        streams += 1;
      }
      if (current.failed) continue;
      const link = current.walk.step(toLink(row), headOf(row));
      if (link) {
        broken.push(link);
        current.failed = true;
      }
    }
    const last = rows.at(-1);
    if (!last) break;
    after = { streamId: last.stream_id, revision: last.stream_revision };
  }
  close();
  return { streams, events, broken };
}

export function formatStoreReport(report: StoreReport): string {
  if (report.broken.length === 0) return `ok: ${report.streams} streams, ${report.events} events`;
  return [
    `FAILED: ${report.broken.length} of ${report.streams} streams broken`,
    ...report.broken.map((link) =>
      formatChainReport({ ok: false, streams: 1, events: 0, broken: link })
        .split('\n')
        .filter((line) => !line.includes('events checked sound'))
        .join('\n'),
    ),
  ].join('\n');
}
