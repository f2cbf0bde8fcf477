import type { EventStore } from '@contracts/event-store';
import type { Claim } from './claim';
import { readClaimStream } from './claim-stream';

/** The claim as its events fold today; `{ status: 'NotSubmitted' }` when there is none. */
export async function loadClaim(eventStore: EventStore, submissionId: string): Promise<Claim> {
  return (await readClaimStream(eventStore, submissionId)).state;
}
