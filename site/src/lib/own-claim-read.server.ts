import { NotFoundError } from '@contracts/errors';
import { getRuntime } from '@infra/runtime';
import { CLAIMS_PROJECTION } from '@projections/claims/claims-projection';
import { waitForCheckpoint } from '@projections/runner/checkpoints';
import { readClaimStream } from '@services/claims/claim-stream';
import { ownWriteWaitMs } from './read-your-writes.server';

/**
 * A customer's read of one of their claims by id, from the read model, answered "not found"
 * only by a read model that shows the claim's stream: when the log holds the claim for this
 * customer but the projector has not shown it yet (a client that dropped the own_write cookie,
 * another device), the read waits for it as long as a caller holding the token would. Anyone else's id, or one the log does
 * not hold, is not found at once.
 */
export async function readOwnClaim<T>(
  customerId: string,
  submissionId: string,
  read: () => Promise<T | undefined>,
): Promise<T> {
  const shown = await read();
  if (shown !== undefined) return shown;
  const runtime = await getRuntime();
  const stream = await readClaimStream(runtime.eventStore, submissionId);
  const last = stream.recorded.at(-1);
  if (!last || stream.state.status === 'NotSubmitted') throw notFound();
  if (stream.state.claimant.customerId !== customerId) throw notFound();
  await waitForCheckpoint(runtime.pool, CLAIMS_PROJECTION, last.position, {
    timeoutMs: ownWriteWaitMs(runtime.config),
  });
  const caughtUp = await read();
  if (caughtUp === undefined) throw notFound();
  return caughtUp;
}

const notFound = () => new NotFoundError('claim not found');
