import { COMPANY_ORG_ID } from '@contracts/claims/catalogue';
import type { SubmitClaim } from '@contracts/claims/commands';
import { type InitialDocument, initialDocumentErrors } from '@contracts/claims/document-rules';
import { claimObjectKey, type DocumentRef, renditionRef } from '@contracts/claims/documents';
import type { ClaimSubmitted } from '@contracts/claims/events';
import { ConflictError, ValidationError } from '@contracts/errors';
import type { Claim } from './claim';
import type { DecideContext } from './decide-context';

export function decideSubmission(
  command: SubmitClaim,
  state: Claim,
  context: DecideContext,
): [ClaimSubmitted] {
  const { claimant, documents = [], ...claim } = command.data;
  if (state.status !== 'NotSubmitted') {
    throw new ConflictError(`Claim ${claim.submissionId} was already submitted`);
  }
  const errors = initialDocumentErrors(documents);
  if (errors.length > 0) throw new ValidationError(errors);
  return [
    {
      type: 'ClaimSubmitted',
      data: {
        ...claim,
        claimant: {
          ...claimant,
          email: claimant.email.toLowerCase(),
        },
        orgId: COMPANY_ORG_ID,
        submittedAt: context.now.toISOString(),
        documents: documents.map((document) => toDocumentRef(claim.submissionId, document)),
      },
    },
  ];
}

/** Only called once the rules passed, so the content type is known. */
export function toDocumentRef(
  submissionId: string,
  document: InitialDocument | (Omit<InitialDocument, 'kind'> & { kind: 'additional' }),
): DocumentRef {
  if (!document.contentType) throw new Error(`${document.fileName} has no accepted type`);
  return {
    key: claimObjectKey(submissionId, document.sha256),
    fileName: document.fileName,
    size: document.size,
    sha256: document.sha256,
    contentType: document.contentType,
    kind: document.kind,
    ...(document.rendition ? { rendition: renditionRef(submissionId, document.rendition) } : {}),
  };
}
