import type { MarkDecisionLetterRead } from '@contracts/claims/commands';
import type { DecisionLetterRead } from '@contracts/claims/events';
import type { Claim } from './claim';
import type { DecideContext } from './decide-context';
import { ownClaim } from './own-claim';

/** Opening a claim whose flag is false marks it read; opening it again records nothing. */
export function decideLetterRead(
  command: MarkDecisionLetterRead,
  state: Claim,
  context: DecideContext,
): DecisionLetterRead[] {
  const { submissionId, customerId } = command.data;
  const claim = ownClaim(state, submissionId, customerId);
  if (claim.decisionLetterRead) return [];
  return [
    {
      type: 'DecisionLetterRead',
      data: { submissionId, customerId, readAt: context.now.toISOString() },
    },
  ];
}
