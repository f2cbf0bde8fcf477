import type { ClaimAmendedByStaff, ClaimEvent } from '@contracts/claims/events';
import type { EventStore } from '@contracts/event-store';
import type { CommandContext } from '../shared/command-context';
import { reserveClaimNumber } from './claim-number-reservations';
import type { CompleteStep, PrepareStep } from './handle-claim-command';
import { releaseNumberNotHeld } from './release-number';

const amendmentIn = (events: readonly ClaimEvent[]) =>
  events.find((event): event is ClaimAmendedByStaff => event.type === 'ClaimAmendedByStaff');

/**
 * Before an amendment that gives the claim a number: reserve it on its own stream
 * (`claim-number-{NUMBER}`, "no stream" expected), so two claims cannot take one number.
 * If the claim's append then fails, a reservation made here is released.
 */
export function reservingNewClaimNumber(
  eventStore: EventStore,
  context: CommandContext,
): PrepareStep {
  return async (events, stream) => {
    const claimNumber = amendmentIn(events)?.data.changes.claimNumber?.to;
    if (!claimNumber) return undefined;
    const { submissionId } = stream;
    const reservedNow = await reserveClaimNumber(eventStore, claimNumber, submissionId, context);
    if (!reservedNow) return undefined;
    return () => releaseNumberNotHeld(eventStore, claimNumber, submissionId, context);
  };
}

/** Once an amendment that changed the claim's number is stored: release the old number. */
export function releasingOldClaimNumber(
  eventStore: EventStore,
  context: CommandContext,
): CompleteStep {
  return async (commandEvents) => {
    const amended = amendmentIn(commandEvents);
    const oldNumber = amended?.data.changes.claimNumber?.from;
    if (!amended || !oldNumber) return;
    await releaseNumberNotHeld(eventStore, oldNumber, amended.data.submissionId, context);
  };
}
