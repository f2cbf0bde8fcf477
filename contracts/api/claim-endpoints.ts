import { claimListSchema, claimSummarySchema } from '../claims/claim-summary-schema';
import { claimDraftViewSchema, saveDraftBodySchema } from '../claims/claim-draft-schema';
import { DRAFT_ETAG_PATTERN } from '../claims/draft-conflicts';
import { submitClaimResponseSchema } from '../claims/submit-claim-request';
import {
  acceptedSchema,
  addDocumentsBodySchema,
  stageDraftDocumentsBodySchema,
  claimDocumentsSchema,
  submitClaimBodySchema,
} from './claims-api';
import {
  type ApiEndpoint,
  NEW_CLAIM_LINKS,
  OWN_WRITE,
  idempotencyKeyParameter,
  submissionIdParameter,
} from './endpoint-shape';

/** The customer's claim endpoints: list, submit, draft, documents, decision letter. */
const draftIfMatchParameter = {
  name: 'If-Match',
  in: 'header',
  required: true,
  description:
    'The ETag of the draft as read ("new" when there was none). Missing: 428; stale: 409 with the changes since and the draft now; submitted already: 409 with its confirmation number (decision 121).',
  schema: { type: 'string', pattern: DRAFT_ETAG_PATTERN },
};

const documentIfMatchParameter = {
  ...draftIfMatchParameter,
  required: false,
  description:
    'The ETag of the draft the wizard is on. When sent, a draft submitted or replaced since is a 409; documents commute with answers, so the version itself is not compared (decision 121).',
};

export const CLAIM_ENDPOINTS: readonly ApiEndpoint[] = [
  {
    method: 'GET',
    path: '/api/claims',
    operationId: 'listOwnClaims',
    summary: "The signed-in customer's claims, newest first",
    audience: 'customer',
    success: { status: 200, description: 'The claims', schema: claimListSchema },
    errors: [401],
  },
  {
    method: 'POST',
    path: '/api/claims',
    operationId: 'submitClaim',
    summary: 'Submit a claim for the signed-in customer',
    audience: 'customer',
    parameters: [idempotencyKeyParameter],
    body: submitClaimBodySchema,
    success: {
      status: 201,
      description: `Submitted${OWN_WRITE}`,
      schema: submitClaimResponseSchema,
      links: NEW_CLAIM_LINKS,
    },
    errors: [400, 401, 409, 413, 415],
  },
  {
    method: 'GET',
    path: '/api/claims/draft',
    operationId: 'getClaimDraft',
    summary: "The signed-in customer's claim draft: wizard step, answers, staged documents",
    audience: 'customer',
    success: {
      status: 200,
      description: 'The draft (step 1 and no answers when none)',
      schema: claimDraftViewSchema,
    },
    errors: [401],
  },
  {
    method: 'PUT',
    path: '/api/claims/draft',
    operationId: 'saveClaimDraft',
    summary: 'Save the wizard step and the answers so far',
    audience: 'customer',
    parameters: [draftIfMatchParameter],
    body: saveDraftBodySchema,
    success: {
      status: 200,
      description: 'Saved; the new version in ETag',
      schema: claimDraftViewSchema,
    },
    errors: [400, 401, 409, 413, 415, 428],
  },
  {
    method: 'DELETE',
    path: '/api/claims/draft',
    operationId: 'discardClaimDraft',
    summary: 'Start over: the draft and its staged documents are removed',
    audience: 'customer',
    parameters: [draftIfMatchParameter],
    success: { status: 204, description: 'Removed' },
    errors: [400, 401, 409, 428],
  },
  {
    method: 'POST',
    path: '/api/claims/draft/documents',
    operationId: 'stageDraftDocuments',
    summary: "Stage documents of one kind in the customer's draft (checked by the claim's rules)",
    audience: 'customer',
    parameters: [idempotencyKeyParameter, documentIfMatchParameter],
    body: stageDraftDocumentsBodySchema,
    success: {
      status: 201,
      description: "Staged; the draft's new version in ETag",
      schema: claimDraftViewSchema.pick({ documents: true, etag: true }),
    },
    errors: [400, 401, 409, 413, 415],
  },
  {
    method: 'DELETE',
    path: '/api/claims/draft/documents/{documentId}',
    operationId: 'removeDraftDocument',
    summary: 'Remove one staged document of the signed-in customer',
    audience: 'customer',
    parameters: [
      {
        name: 'documentId',
        in: 'path',
        required: true,
        schema: { type: 'string', format: 'uuid' },
      },
      documentIfMatchParameter,
    ],
    success: { status: 204, description: 'Removed' },
    errors: [400, 401, 404, 409],
  },
  {
    method: 'POST',
    path: '/api/claims/draft/submit',
    operationId: 'submitClaimDraft',
    summary:
      'Submit the draft, at the version named in If-Match, as a claim with its staged documents',
    audience: 'customer',
    parameters: [idempotencyKeyParameter, draftIfMatchParameter],
    success: {
      status: 201,
      description: `Submitted${OWN_WRITE}`,
      schema: submitClaimResponseSchema,
      links: NEW_CLAIM_LINKS,
    },
    errors: [400, 401, 404, 409, 428],
  },
  {
    method: 'GET',
    path: '/api/claims/{submissionId}',
    operationId: 'getOwnClaim',
    summary: "One of the signed-in customer's claims; its version in ETag",
    audience: 'customer',
    parameters: [submissionIdParameter],
    success: { status: 200, description: 'The claim', schema: claimSummarySchema },
    errors: [401, 404],
  },
  {
    method: 'GET',
    path: '/api/claims/{submissionId}/documents',
    operationId: 'listOwnClaimDocuments',
    summary: "The documents of one of the signed-in customer's claims",
    audience: 'customer',
    parameters: [submissionIdParameter],
    success: { status: 200, description: 'The documents', schema: claimDocumentsSchema },
    errors: [401, 404],
  },
  {
    method: 'POST',
    path: '/api/claims/{submissionId}/documents',
    operationId: 'addDocuments',
    summary: "Add a batch of documents to one of the signed-in customer's claims",
    audience: 'customer',
    parameters: [submissionIdParameter, idempotencyKeyParameter],
    body: addDocumentsBodySchema,
    success: { status: 201, description: `Added${OWN_WRITE}`, schema: acceptedSchema },
    errors: [400, 401, 404, 409, 413, 415],
  },
  {
    method: 'GET',
    path: '/api/claims/{submissionId}/decision-letter',
    operationId: 'downloadOwnDecisionLetter',
    summary: "Download the decision letter of one of the signed-in customer's claims",
    audience: 'customer',
    parameters: [submissionIdParameter],
    success: { status: 200, description: 'The letter (PDF)', contentType: 'application/pdf' },
    errors: [401, 404],
  },
  {
    method: 'POST',
    path: '/api/claims/{submissionId}/decision-letter/read',
    operationId: 'markDecisionLetterRead',
    summary: "Mark the decision letter of one of the signed-in customer's claims as read",
    audience: 'customer',
    parameters: [submissionIdParameter, idempotencyKeyParameter],
    success: { status: 204, description: `Marked read${OWN_WRITE}` },
    errors: [401, 404, 409],
  },
];
