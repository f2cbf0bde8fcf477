import { COMPANY_ORG_ID } from '@contracts/claims/catalogue';
import type { ClaimCommand } from '@contracts/claims/commands';
import type { ClaimEvent } from '@contracts/claims/events';
import { ConflictError } from '@contracts/errors';
import { assertNever } from '@contracts/assert-never';
import type { Claim } from './claim';

export interface DecideContext {
  readonly now: Date;
}

export function decideClaim(
  command: ClaimCommand,
  state: Claim,
  context: DecideContext,
): ClaimEvent[] {
  switch (command.type) {
    case 'SubmitClaim': {
      if (state.status !== 'NotSubmitted') {
        throw new ConflictError(`Claim ${command.data.submissionId} was already submitted`);
      }
      const { claimant, ...claim } = command.data;
      return [
        {
          type: 'ClaimSubmitted',
          data: {
            ...claim,
            claimant: {
              ...claimant,
              email: claimant.email.toLowerCase(),
              firstName: claimant.firstName.toLowerCase(),
              lastName: claimant.lastName.toLowerCase(),
            },
            orgId: COMPANY_ORG_ID,
            submittedAt: context.now.toISOString(),
          },
        },
      ];
    }
    default:
      return assertNever(command.type);
  }
}
