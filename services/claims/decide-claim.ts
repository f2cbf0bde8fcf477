import type { ClaimCommand } from '@contracts/claims/commands';
import type { ClaimEvent } from '@contracts/claims/events';
import { assertNever } from '@contracts/assert-never';
import type { Claim } from './claim';
import type { DecideContext } from './decide-context';
import { decideAdditionalDocuments } from './decide-additional-documents';
import { decideAmendment } from './decide-amendment';
import { decideLetterRead } from './decide-letter-read';
import { decideSubmission } from './decide-submission';

export function decideClaim(
  command: ClaimCommand,
  state: Claim,
  context: DecideContext,
): ClaimEvent[] {
  switch (command.type) {
    case 'SubmitClaim':
      return decideSubmission(command, state, context);
    case 'AddAdditionalDocuments':
      return decideAdditionalDocuments(command, state, context);
    case 'AmendClaim':
      return decideAmendment(command, state, context);
    case 'MarkDecisionLetterRead':
      return decideLetterRead(command, state, context);
    default:
      return assertNever(command);
  }
}
