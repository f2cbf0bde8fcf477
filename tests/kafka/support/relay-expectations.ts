import type { EventStore, RecordedEvent } from '@contracts/event-store';
import { mapClaimEvent, type RelayClaimState } from '@infra/kafka/map-claim-event';
import type { ClaimLife } from '@infra/kafka/testing/claim-life';

/** What the relay must publish for the stored events: each claim's integration event ids, in order. */
export function expectedSequences(stored: readonly RecordedEvent[]): Map<string, string[]> {
  const states = new Map<string, RelayClaimState | undefined>();
  const sequences = new Map<string, string[]>();
  for (const event of stored) {
    const claimId = (event.data as { submissionId: string }).submissionId;
    const { integrationEvents, state } = mapClaimEvent(event, states.get(claimId));
    states.set(claimId, state);
    for (const published of integrationEvents)
      sequences.set(claimId, [...(sequences.get(claimId) ?? []), published.eventId]);
  }
  return sequences;
}

/** How many integration events the sequences hold in all. */
export const eventCount = (sequences: ReadonlyMap<string, readonly string[]>): number =>
  [...sequences.values()].reduce((sum, ids) => sum + ids.length, 0);

/** Appends the claims' lives step by step across claims, interleaved as real traffic is. */
export async function appendLives(store: EventStore, lives: readonly ClaimLife[]): Promise<void> {
  const steps = Math.max(...lives.map((life) => life.steps.length));
  for (let step = 0; step < steps; step++) {
    for (const life of lives) {
      const events = life.steps[step];
      if (!events) continue;
      await store.append(life.streamId, events, {
        expectedRevision: step === 0 ? 'no_stream' : 'any',
      });
    }
  }
}
