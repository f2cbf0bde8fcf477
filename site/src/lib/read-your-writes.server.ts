import type { LogPosition } from '@contracts/event-store';
import type { Runtime } from '@infra/runtime';
import { CLAIMS_PROJECTION } from '@projections/claims/claims-projection';
import { waitForCheckpoint } from '@projections/runner/checkpoints';

/** Answers a customer command once the dashboard's read model shows it (at most 3 s later). */
export async function waitForClaimsReadModel(
  runtime: Runtime,
  position: LogPosition | undefined,
): Promise<void> {
  if (position)
    await waitForCheckpoint(runtime.pool, CLAIMS_PROJECTION, position, { timeoutMs: 3_000 });
}
