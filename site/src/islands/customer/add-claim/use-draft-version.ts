import { useState } from 'react';
import type { ClaimDraftView, WizardStep } from '@contracts/claims/claim-draft';
import type { DraftFieldChange } from '@contracts/claims/draft-conflicts';
import type { DraftConflictBody } from './draft-client';

/** What the wizard was doing when the draft turned out to have changed elsewhere. */
export type Retry =
  | { readonly kind: 'save'; readonly target: WizardStep }
  | { readonly kind: 'submit' }
  | { readonly kind: 'startOver' };

export interface Conflict {
  readonly changes: readonly DraftFieldChange[];
  /** The draft as the server holds it now, with its ETag. */
  readonly draft: ClaimDraftView;
  readonly retry: Retry;
}

export interface Closed {
  readonly submissionId: string;
  readonly confirmationNumber: string;
}

/**
 * The wizard's side of decision 121: a 409 of a draft write becomes either a choice between
 * this tab's answers and the other tab's, or the claim the draft already became.
 */
export function useDraftVersion() {
  const [conflict, setConflict] = useState<Conflict>();
  const [closed, setClosed] = useState<Closed>();

  /** True when the answer was a version refusal, now shown; the caller then stops. */
  const refused = (answer: { status: number; body: unknown }, retry: Retry): boolean => {
    if (answer.status !== 409) return false;
    const body = (answer.body ?? {}) as DraftConflictBody;
    if (body.reason === 'draftSubmitted' && body.submissionId && body.confirmationNumber) {
      setConflict(undefined);
      setClosed({ submissionId: body.submissionId, confirmationNumber: body.confirmationNumber });
      return true;
    }
    if (body.reason === 'draftChanged' && body.draft) {
      setConflict({ changes: body.changes ?? [], draft: body.draft, retry });
      return true;
    }
    return false;
  };

  /** The conflict the claimant just settled (it is no longer shown). */
  const settle = (): Conflict | undefined => {
    setConflict(undefined);
    return conflict;
  };

  return { conflict, closed, refused, settle };
}
