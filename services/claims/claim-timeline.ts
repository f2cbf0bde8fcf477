import { upcastClaimEvent } from '@contracts/claims/events';
import { canonicalJson } from '@contracts/event-hash';
import type { Actor, RecordedEvent } from '@contracts/event-store';
import { type Claim, evolveClaim, initialClaim } from './claim';

/** A field an event changed; `undefined` on a side where the field did not exist. */
export interface FieldDiff {
  readonly field: string;
  readonly from: unknown;
  readonly to: unknown;
}

export interface TimelineEntry {
  readonly revision: bigint;
  readonly type: string;
  readonly occurredAt: string;
  readonly actor: Actor;
  readonly changes: readonly FieldDiff[];
  /** The claim once this event applied. */
  readonly state: Claim;
}

/** Every top-level field whose value differs between two states of a claim. */
export function diffClaims(before: Claim, after: Claim): FieldDiff[] {
  const from = before as unknown as Record<string, unknown>;
  const to = after as unknown as Record<string, unknown>;
  const fields = [...new Set([...Object.keys(to), ...Object.keys(from)])];
  return fields
    .filter((field) => canonicalJson(from[field]) !== canonicalJson(to[field]))
    .map((field) => ({ field, from: from[field], to: to[field] }));
}

/**
 * The claim's history, event by event, with what each changed. A staff amendment carries
 * its own from → to (what staff saw when saving); other events are diffed state to state.
 */
export function claimTimeline(events: readonly RecordedEvent[]): TimelineEntry[] {
  let state = initialClaim();
  return events.map((recorded) => {
    const event = upcastClaimEvent(recorded);
    const next = evolveClaim(state, event);
    const changes =
      event.type === 'ClaimAmendedByStaff'
        ? [
            ...Object.entries(event.data.changes).map(([field, change]) => ({
              field,
              from: change?.from,
              to: change?.to,
            })),
            // An overwrite chosen after a conflict says whose changes it replaced (decision 048).
            ...(event.data.overrode
              ? [{ field: 'overrode', from: undefined, to: event.data.overrode }]
              : []),
          ]
        : diffClaims(state, next);
    state = next;
    return {
      revision: recorded.streamRevision,
      type: recorded.type,
      occurredAt: recorded.metadata.occurredAt,
      actor: recorded.metadata.actor,
      changes,
      state,
    };
  });
}

export interface ClaimAsOf {
  readonly state: Claim;
  /** The last event applied; absent when none had happened yet. */
  readonly revision?: bigint;
}

/**
 * The claim as it stood at a moment: the events up to the first one that happened later.
 * A prefix, not a filter, so the result is a state the claim really had.
 */
export function claimAsOf(events: readonly RecordedEvent[], asOf: Date): ClaimAsOf {
  let state = initialClaim();
  let revision: bigint | undefined;
  for (const recorded of events) {
    if (Date.parse(recorded.metadata.occurredAt) > asOf.getTime()) break;
    state = evolveClaim(state, upcastClaimEvent(recorded));
    revision = recorded.streamRevision;
  }
  return revision === undefined ? { state } : { state, revision };
}
