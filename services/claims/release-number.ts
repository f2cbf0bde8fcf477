import type { EventStore } from '@contracts/event-store';
import type { CommandContext } from '../shared/command-context';
import { releaseClaimNumber } from './claim-number-reservations';
import { loadClaim } from './load-claim';

/**
 * Releases the claim's reservation of a number unless the claim carries that number now:
 * another save of the same claim may have taken it in the meantime.
 */
export async function releaseNumberNotHeld(
  eventStore: EventStore,
  claimNumber: string,
  submissionId: string,
  context: CommandContext,
): Promise<void> {
  const claim = await loadClaim(eventStore, submissionId);
  if (claim.status !== 'NotSubmitted' && claim.claimNumber === claimNumber) return;
  await releaseClaimNumber(eventStore, claimNumber, submissionId, context);
}
