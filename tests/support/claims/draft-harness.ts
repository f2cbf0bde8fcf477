import { v7 as uuidv7 } from 'uuid';
import { type DraftAnswers, EMPTY_DRAFT_ANSWERS } from '@contracts/claims/claim-draft';
import type { ExpectedDraft } from '@contracts/claims/draft-conflicts';
import type { DraftPorts } from '@services/claims/claim-drafts';
import { customerContext, submitRequest } from './handler-harness';

/** Test support for the draft writes a wizard tab makes, each on the base it read (decision 121). */

export const draftAnswers: DraftAnswers = { ...EMPTY_DRAFT_ANSWERS, ...submitRequest };

/** The base of a tab that saw no draft. */
export const NO_DRAFT: ExpectedDraft = { kind: 'new' };

export const newCustomer = () => `customer-${uuidv7()}`;

/** A customer's context for a draft submit, which takes its command id from the draft. */
export const draftContextOf = (customerId: string) => {
  const { commandId: _id, ...rest } = customerContext(customerId);
  return rest;
};

/** The base a tab that reads the draft now names in If-Match. */
export async function baseReadNow(ports: DraftPorts, customerId: string): Promise<ExpectedDraft> {
  const draft = await ports.drafts.read(customerId);
  return draft ? { kind: 'draft', attemptId: draft.attemptId, version: draft.version } : NO_DRAFT;
}

/** What a write was refused with, or undefined when it was not refused. */
export const refusal = (attempt: Promise<unknown>): Promise<unknown> =>
  attempt.then(
    () => undefined,
    (error: unknown) => error,
  );
