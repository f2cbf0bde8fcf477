import type { RecordedEvent } from '@contracts/event-store';
import type { ExportedEvent } from '@projections/audit/audit-export';
import { claimTimeline } from '@services/claims/claim-timeline';
import { ADMIN_TEXT, fill } from '../admin-text';
import { changeLabel, changeValue, eventLabel } from '../claim/audit-changes';

const text = ADMIN_TEXT.auditor;

export interface ReportEvent {
  readonly title: string;
  readonly rows: readonly (readonly [string, string])[];
  readonly changes: readonly string[];
}

/** Each exported event for people: what happened in words, then its chain data as stored. */
export function reportEvents(
  exported: readonly ExportedEvent[],
  recorded: readonly RecordedEvent[],
): ReportEvent[] {
  const timeline = claimTimeline(recorded);
  return exported.map((event) => {
    const { actor, occurredAt } = event.metadata;
    const entry = timeline.find((item) => Number(item.revision) + 1 === event.version);
    return {
      title: fill(text.event, { version: event.version, label: eventLabel(event.type) }),
      rows: [
        [text.occurredAt, occurredAt],
        [text.actor, `${actor.kind} · ${actor.email ?? actor.id}`],
        [text.eventId, event.eventId],
        [text.previousHash, event.previousHash || text.firstLink],
        [text.hash, event.hash],
      ],
      changes: (entry?.changes ?? []).flatMap((change) => {
        const [from, to] = [
          changeValue(change.field, change.from),
          changeValue(change.field, change.to),
        ];
        // undefined → null reads "(empty) → (empty)": no change a person would see.
        return from === to ? [] : [`${changeLabel(change.field)}: ${from} → ${to}`];
      }),
    };
  });
}
