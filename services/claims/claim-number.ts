import type { ClaimNumberEvent } from '@contracts/claims/claim-number-events';
import type { ClaimNumberCommand } from '@contracts/claims/commands';
import { ConflictError } from '@contracts/errors';
import { assertNever } from '@contracts/assert-never';

/** Who holds a claim number now; null when it was never reserved or was released. */
export interface ClaimNumberState {
  readonly heldBy: string | null;
}

export const initialClaimNumber = (): ClaimNumberState => ({ heldBy: null });

export const CLAIM_NUMBER_TAKEN = 'Claim number already exists';
/** Marks the claim number field of the staff form (staff spec §8). */
export const CLAIM_NUMBER_TAKEN_FIELD = {
  field: 'claimNumber',
  code: 'claimNumber.taken',
} as const;

export function evolveClaimNumber(
  _state: ClaimNumberState,
  event: ClaimNumberEvent,
): ClaimNumberState {
  switch (event.type) {
    case 'ClaimNumberReserved':
      return { heldBy: event.data.submissionId };
    case 'ClaimNumberReleased':
      return { heldBy: null };
    default:
      return assertNever(event);
  }
}

/**
 * A claim may hold its own number again (a retried or interrupted save), never another
 * claim's. Releasing a number the claim does not hold records nothing.
 */
export function decideClaimNumber(
  command: ClaimNumberCommand,
  state: ClaimNumberState,
): ClaimNumberEvent[] {
  const { submissionId } = command.data;
  switch (command.type) {
    case 'ReserveClaimNumber':
      if (state.heldBy === submissionId) return [];
      if (state.heldBy !== null)
        throw new ConflictError(CLAIM_NUMBER_TAKEN, [CLAIM_NUMBER_TAKEN_FIELD]);
      return [{ type: 'ClaimNumberReserved', data: command.data }];
    case 'ReleaseClaimNumber':
      if (state.heldBy !== submissionId) return [];
      return [{ type: 'ClaimNumberReleased', data: command.data }];
    default:
      return assertNever(command);
  }
}
