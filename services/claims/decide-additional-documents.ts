import type { AddAdditionalDocuments } from '@contracts/claims/commands';
import { additionalDocumentErrors } from '@contracts/claims/document-rules';
import type { AdditionalDocumentsAdded } from '@contracts/claims/events';
import { ValidationError } from '@contracts/errors';
import type { Claim } from './claim';
import type { DecideContext } from './decide-context';
import { ownClaim } from './own-claim';
import { toDocumentRef } from './decide-submission';

export function decideAdditionalDocuments(
  command: AddAdditionalDocuments,
  state: Claim,
  context: DecideContext,
): [AdditionalDocumentsAdded] {
  const { submissionId, customerId, documents } = command.data;
  const claim = ownClaim(state, submissionId, customerId);
  const errors = additionalDocumentErrors(claim.documents, documents);
  if (errors.length > 0) throw new ValidationError(errors);
  return [
    {
      type: 'AdditionalDocumentsAdded',
      data: {
        submissionId,
        documents: documents.map((document) =>
          toDocumentRef(submissionId, { ...document, kind: 'additional' }),
        ),
        addedAt: context.now.toISOString(),
      },
    },
  ];
}
