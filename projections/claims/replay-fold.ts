import type { RecordedEvent } from '@contracts/event-store';
import type { ReplayFold } from '../runner/projection';
import { foldBatch, foldEvent, loadClaimRows } from './claim-batch';
import type { ClaimRow } from './claim-rows';
import { type ClaimVersionRow, encodedVersionRows } from './claim-versions';
import { writeReplayed } from './write-replayed';

/**
 * A rebuild's batch of claim events folded as it is read: each event moves its claim's row
 * and is let go (issue 30: gathered, a batch's parsed events outlived two collections, and
 * reading and folding cost Node about 3 CPU-seconds more over the million-event log).
 *
 * A claim whose first event here is not its stream's first began in an earlier batch, whose
 * row is in the tables: its events wait, and are folded onto that row when the batch is
 * written. In a rebuild that is the few claims a batch boundary cuts.
 */
export function claimsReplayFold(): ReplayFold {
  /** Claims begun in this batch; null for one whose first event made no row. */
  const begun = new Map<string, ClaimRow | null>();
  const versions = encodedVersionRows();
  // Encoded at once: a version row then dies young, as the event it came from.
  const encode = (version: ClaimVersionRow) => versions.row(version);
  const begunEarlier = new Map<string, RecordedEvent[]>();
  // A claim's events mostly come one after another: the row of the claim before is kept at
  // hand, and put in `begun` once another claim's event comes.
  let lastId: string | undefined;
  let lastRow: ClaimRow | null = null;
  const putLastAway = () => {
    if (lastId !== undefined) begun.set(lastId, lastRow);
    lastId = undefined;
  };
  return {
    add(recorded) {
      const { submissionId } = recorded.data as { submissionId: string };
      if (submissionId === lastId) {
        lastRow = foldEvent(lastRow, recorded, encode);
        return;
      }
      putLastAway();
      const waiting = begunEarlier.get(submissionId);
      if (waiting) {
        waiting.push(recorded);
        return;
      }
      const row = begun.get(submissionId);
      if (row === undefined && recorded.streamRevision > 0n) {
        begunEarlier.set(submissionId, [recorded]);
        return;
      }
      lastId = submissionId;
      lastRow = foldEvent(row ?? null, recorded, encode);
    },
    async write(client, how) {
      putLastAway();
      const stored = await loadClaimRows(client, [...begunEarlier.keys()]);
      const late = foldBatch(begunEarlier, stored);
      const rows: ClaimRow[] = [];
      for (const row of begun.values()) if (row) rows.push(row);
      await writeReplayed(
        client,
        {
          fresh: { rows: rows.concat(late.fresh.rows), versions: late.fresh.versions },
          changed: late.changed,
          changedDeltas: late.changedDeltas,
        },
        versions,
        how,
      );
    },
  };
}
