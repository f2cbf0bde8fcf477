import type { z } from 'zod';
import { IDEMPOTENCY_KEY_PATTERN } from './idempotency-key';
import { CLAIM_SEARCH_TYPES, SEARCH_SORT_COLUMNS } from '../claims/claim-search';
import { claimListSchema, claimSummarySchema } from '../claims/claim-summary-schema';
import { claimDraftViewSchema, saveDraftBodySchema } from '../claims/claim-draft-schema';
import { submitClaimResponseSchema } from '../claims/submit-claim-request';
import {
  acceptedSchema,
  addDocumentsBodySchema,
  stageDraftDocumentsBodySchema,
  claimDocumentsSchema,
  amendClaimBodySchema,
  staffClaimViewSchema,
  submitClaimBodySchema,
} from './claims-api';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';
export type Audience = 'customer' | 'staff' | 'public';

export interface ApiEndpoint {
  readonly method: HttpMethod;
  /** OpenAPI path template, e.g. /api/claims/{submissionId}. */
  readonly path: string;
  readonly operationId: string;
  readonly summary: string;
  readonly audience: Audience;
  readonly parameters?: readonly Record<string, unknown>[];
  readonly body?: z.ZodType;
  readonly success: {
    readonly status: number;
    readonly description: string;
    readonly schema?: z.ZodType;
    readonly contentType?: string;
  };
  readonly errors: readonly number[];
}

/** A command's answer, decision 096: its caller's next read waits until it shows the write. */
const OWN_WRITE = "; the own_write cookie makes this caller's next read show the write";

const submissionIdParameter = {
  name: 'submissionId',
  in: 'path',
  required: true,
  schema: { type: 'string', format: 'uuid' },
};

const idempotencyKeyParameter = {
  name: 'Idempotency-Key',
  in: 'header',
  required: false,
  description:
    'A UUID v7; a retry with the same key and body replays the first answer, the same key with another body is a 422.',
  schema: { type: 'string', pattern: IDEMPOTENCY_KEY_PATTERN },
};

const ifMatchParameter = {
  name: 'If-Match',
  in: 'header',
  required: true,
  description:
    'The ETag of the claim as read (its version, quoted). Missing: 428; stale: 409 with currentVersion and the changes since (decision 048).',
  schema: { type: 'string' },
};

const draftIfMatchParameter = {
  name: 'If-Match',
  in: 'header',
  required: true,
  description:
    'The ETag of the draft as read ("new" when there was none). Missing: 428; stale: 409 with the changes since and the draft now; submitted already: 409 with its confirmation number (decision 121).',
  schema: { type: 'string' },
};

const documentIfMatchParameter = {
  ...draftIfMatchParameter,
  required: false,
  description:
    'The ETag of the draft the wizard is on. When sent, a draft submitted or replaced since is a 409; documents commute with answers, so the version itself is not compared (decision 121).',
};

/** Every endpoint of the HTTP API; a test checks it against the route files. */
export const API_ENDPOINTS: readonly ApiEndpoint[] = [
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
  {
    method: 'GET',
    path: '/api/admin/claims/{submissionId}',
    operationId: 'getClaimForStaff',
    summary: 'One claim as its events fold now (staff edit page); its version in ETag',
    audience: 'staff',
    parameters: [submissionIdParameter],
    success: { status: 200, description: 'The claim', schema: staffClaimViewSchema },
    errors: [401, 404],
  },
  {
    method: 'POST',
    path: '/api/admin/claims/{submissionId}',
    operationId: 'amendClaim',
    summary: 'Save staff changes, with an optional new decision letter stored first',
    audience: 'staff',
    parameters: [submissionIdParameter, idempotencyKeyParameter, ifMatchParameter],
    body: amendClaimBodySchema,
    success: {
      status: 200,
      description: `The claim after the save${OWN_WRITE}`,
      schema: staffClaimViewSchema,
    },
    errors: [400, 401, 403, 404, 409, 413, 415, 428],
  },
  {
    method: 'GET',
    path: '/api/admin/claims/{submissionId}/decision-letter',
    operationId: 'viewDecisionLetter',
    summary: "View a claim's current decision letter (staff)",
    audience: 'staff',
    parameters: [submissionIdParameter],
    success: { status: 200, description: 'The letter (PDF)', contentType: 'application/pdf' },
    errors: [401, 404],
  },
  {
    method: 'GET',
    path: '/api/admin/claims/{submissionId}/documents/{documentId}',
    operationId: 'viewClaimDocument',
    summary:
      "One of the claim's documents, inline, for the staff viewer; each opening is recorded (decision 060)",
    audience: 'staff',
    parameters: [
      submissionIdParameter,
      {
        name: 'documentId',
        in: 'path',
        required: true,
        description: 'The SHA-256 of the document, in lowercase hex',
        schema: { type: 'string', pattern: '^[0-9a-f]{64}$' },
      },
      {
        name: 'view',
        in: 'query',
        required: false,
        description:
          'A UUID v7 naming this opening: fetched again with it, the view is recorded once',
        schema: { type: 'string', format: 'uuid' },
      },
    ],
    success: {
      status: 200,
      description: 'The stored bytes with their stored type (PDF, JPEG or PNG)',
      contentType: 'application/octet-stream',
    },
    errors: [400, 401, 404],
  },
  {
    method: 'GET',
    path: '/api/admin/claims/{submissionId}/document-views',
    operationId: 'claimDocumentViews',
    summary: "Who opened which of the claim's documents, and when, oldest first",
    audience: 'staff',
    parameters: [submissionIdParameter],
    success: { status: 200, description: 'The recorded views' },
    errors: [401, 404],
  },
  {
    method: 'GET',
    path: '/api/admin/claims/search',
    operationId: 'searchClaims',
    summary:
      'Search every claim by one search type and/or statuses (the work queue), 10 rows a page (keyset: pass nextCursor as after, previousCursor as before; sort=created_at&direction=asc is waiting longest first)',
    audience: 'staff',
    parameters: [
      {
        name: 'type',
        in: 'query',
        required: false,
        description: 'Required unless statuses is given',
        schema: { type: 'string', enum: [...CLAIM_SEARCH_TYPES] },
      },
      {
        name: 'statuses',
        in: 'query',
        required: false,
        description: 'Comma-separated claim statuses, lower case (pending,in progress)',
        schema: { type: 'string' },
      },
      { name: 'value', in: 'query', required: false, schema: { type: 'string' } },
      { name: 'first', in: 'query', required: false, schema: { type: 'string' } },
      { name: 'last', in: 'query', required: false, schema: { type: 'string' } },
      {
        name: 'sort',
        in: 'query',
        required: false,
        schema: { type: 'string', enum: [...SEARCH_SORT_COLUMNS] },
      },
      {
        name: 'direction',
        in: 'query',
        required: false,
        schema: { type: 'string', enum: ['asc', 'desc'] },
      },
      { name: 'after', in: 'query', required: false, schema: { type: 'string' } },
      { name: 'before', in: 'query', required: false, schema: { type: 'string' } },
    ],
    success: { status: 200, description: 'One page of results' },
    errors: [400, 401],
  },
  {
    method: 'GET',
    path: '/api/admin/claims/status-counts',
    operationId: 'claimStatusCounts',
    summary: 'How many claims are in each status (the staff dashboard work queue)',
    audience: 'staff',
    success: { status: 200, description: 'counts: claims per status' },
    errors: [401],
  },
  {
    method: 'GET',
    path: '/api/admin/claims/{submissionId}/history',
    operationId: 'claimHistory',
    summary: "One claim's versions (Claims History), 10 a page, sortable by every column",
    audience: 'staff',
    parameters: [submissionIdParameter],
    success: { status: 200, description: 'One page of versions' },
    errors: [400, 401],
  },
  {
    method: 'GET',
    path: '/api/admin/claims/{submissionId}/events',
    operationId: 'claimEvents',
    summary:
      "One claim's event timeline, oldest first: who, when, and each field changed from what to what",
    audience: 'staff',
    parameters: [submissionIdParameter],
    success: {
      status: 200,
      description: 'Every event of the claim, and whether its hash chain verifies',
    },
    errors: [401, 404],
  },
  {
    method: 'GET',
    path: '/api/admin/claims/{submissionId}/as-of',
    operationId: 'claimAsOf',
    summary: 'The claim as it stood at an instant (`at`, ISO 8601 with offset), and its version',
    audience: 'staff',
    parameters: [
      submissionIdParameter,
      { name: 'at', in: 'query', required: true, schema: { type: 'string', format: 'date-time' } },
    ],
    success: { status: 200, description: 'The claim then (null before it existed)' },
    errors: [400, 401, 404],
  },
  {
    method: 'GET',
    path: '/api/admin/claims/{submissionId}/audit-export',
    operationId: 'claimAuditExport',
    summary:
      "A claim's audit export (staff and auditors): every stored event with its hash and the hash it chains from, the stream head, who exported and when; `npm run audit -- verify-export FILE` checks it offline",
    audience: 'staff',
    parameters: [submissionIdParameter],
    success: {
      status: 200,
      description: 'The export, as a JSON attachment',
    },
    errors: [401, 404],
  },
  {
    method: 'GET',
    path: '/api/health',
    operationId: 'health',
    summary: 'Liveness and the lag of each read model (events and seconds behind the log)',
    audience: 'public',
    success: { status: 200, description: "Healthy, with each projection's lag" },
    errors: [],
  },
  {
    method: 'GET',
    path: '/api/health/live',
    operationId: 'liveness',
    summary:
      'Liveness: the process answers HTTP. Touches no dependency, so it stays fast while Postgres or the broker is frozen',
    audience: 'public',
    success: { status: 200, description: '`{"status":"live","uptimeSeconds":N}`' },
    errors: [],
  },
  {
    method: 'GET',
    path: '/api/health/ready',
    operationId: 'readiness',
    summary:
      'Readiness: `ok`, `degraded` or `down` with the reasons (database, projection lag, mail queue, Kafka broker, relay, notifications); Kafka is read in the background, so it stays fast during a broker outage',
    audience: 'public',
    success: {
      status: 200,
      description: '`ok` or `degraded`, with `reasons` and what each check read',
    },
    errors: [503],
  },
  {
    method: 'GET',
    path: '/api/auth/init',
    operationId: 'startStaffSignIn',
    summary: 'Start staff sign-in: redirects to the OpenID Provider (code flow with PKCE)',
    audience: 'public',
    success: { status: 302, description: 'To the provider' },
    errors: [],
  },
  {
    method: 'GET',
    path: '/api/auth/callback',
    operationId: 'finishStaffSignIn',
    summary: 'The provider returns here with code and state; starts a 4-hour staff session',
    audience: 'public',
    parameters: [
      { name: 'code', in: 'query', required: true, schema: { type: 'string' } },
      { name: 'state', in: 'query', required: true, schema: { type: 'string' } },
    ],
    success: { status: 302, description: 'To /admin/dashboard, with the staff_session cookie' },
    errors: [401, 403],
  },
  {
    method: 'GET',
    path: '/api/auth/validate',
    operationId: 'validateStaffSession',
    summary: 'The staff session: valid, almost expired (last 10 minutes), expiry and who',
    audience: 'staff',
    success: {
      status: 200,
      description: '{ valid, almostExpired, expiresAt, userData: { userID, email } }',
    },
    errors: [401],
  },
  {
    method: 'POST',
    path: '/api/auth/backchannel-logout',
    operationId: 'staffBackChannelLogout',
    summary:
      'OpenID Connect Back-Channel Logout 1.0: the provider posts logout_token (form); every staff session of its subject ends',
    audience: 'public',
    success: { status: 200, description: 'The sessions are ended', contentType: 'text/plain' },
    errors: [400],
  },
  {
    method: 'GET',
    path: '/api/auth/logout',
    operationId: 'staffSignOut',
    summary: 'End the staff session and return to /',
    audience: 'public',
    success: { status: 302, description: 'To /' },
    errors: [],
  },
  {
    method: 'POST',
    path: '/api/auth/flows',
    operationId: 'startCustomerSignIn',
    summary: 'Start a customer sign-in flow (30 minutes)',
    audience: 'public',
    success: { status: 201, description: '{ status, flowId, expiresAt }' },
    errors: [429],
  },
  {
    method: 'POST',
    path: '/api/auth/flows/{flowId}/password',
    operationId: 'checkCustomerPassword',
    summary:
      'Check email and password: OTP_REQUIRED (code mailed), VERIFICATION_CODE_REQUIRED, INVALID_CREDENTIALS or PASSWORD_LOCKED_OUT',
    audience: 'public',
    parameters: [{ name: 'flowId', in: 'path', required: true, schema: { type: 'string' } }],
    success: { status: 200, description: '{ status }' },
    errors: [400, 404, 429],
  },
  {
    method: 'POST',
    path: '/api/auth/flows/{flowId}/otp',
    operationId: 'checkCustomerCode',
    summary: 'Check the one-time code: COMPLETED',
    audience: 'public',
    parameters: [{ name: 'flowId', in: 'path', required: true, schema: { type: 'string' } }],
    success: { status: 200, description: '{ status }' },
    errors: [400, 404, 429],
  },
  {
    method: 'POST',
    path: '/api/auth/session/initiate',
    operationId: 'initiateCustomerSession',
    summary: 'Open the session of a COMPLETED flow (httpOnly SameSite=Lax cookie)',
    audience: 'public',
    success: { status: 200, description: '{ csrfToken, user: { id, email }, idleExpiresAt }' },
    errors: [400, 401],
  },
  {
    method: 'POST',
    path: '/api/auth/session/refresh',
    operationId: 'refreshCustomerSession',
    summary: 'Extend the session: the idle limit (660 s + 120 s) starts again',
    audience: 'customer',
    success: { status: 200, description: '{ idleExpiresAt }' },
    errors: [401],
  },
  {
    method: 'POST',
    path: '/api/auth/session/terminate',
    operationId: 'terminateCustomerSession',
    summary: 'Sign out',
    audience: 'public',
    success: { status: 204, description: 'Signed out' },
    errors: [],
  },
  {
    method: 'POST',
    path: '/api/banktech/account_creation',
    operationId: 'registerCustomer',
    summary: 'Register: VERIFICATION_CODE_REQUIRED (8-character code mailed) or ACCOUNT_EXISTS',
    audience: 'public',
    success: { status: 201, description: '{ status, userId?, resendAvailableAt? }' },
    errors: [400, 429],
  },
  {
    method: 'POST',
    path: '/api/banktech/verify_user',
    operationId: 'verifyCustomer',
    summary: 'Check the registration code (ACCOUNT_OK), or resend it after 60 s',
    audience: 'public',
    success: { status: 200, description: '{ status }' },
    errors: [400, 404, 429],
  },
  {
    method: 'POST',
    path: '/api/banktech/setup_mfa',
    operationId: 'setupCustomerMfa',
    summary: 'The user id of an incomplete registration, from the flow',
    audience: 'public',
    success: { status: 200, description: '{ userId }' },
    errors: [400, 404],
  },
  {
    method: 'POST',
    path: '/api/auth/recovery',
    operationId: 'requestPasswordRecovery',
    summary: 'Forgot password: the same answer whether the email has an account or not',
    audience: 'public',
    success: { status: 201, description: '{ status, flowId }' },
    errors: [400, 429],
  },
  {
    method: 'POST',
    path: '/api/auth/recovery/{flowId}',
    operationId: 'resetPassword',
    summary: 'Reset the password with the recovery code',
    audience: 'public',
    parameters: [{ name: 'flowId', in: 'path', required: true, schema: { type: 'string' } }],
    success: { status: 200, description: '{ status }' },
    errors: [400, 404, 429],
  },
  {
    method: 'POST',
    path: '/api/auth/recovery/{flowId}/resend',
    operationId: 'resendRecoveryCode',
    summary: 'A new recovery code, after 120 s',
    audience: 'public',
    parameters: [{ name: 'flowId', in: 'path', required: true, schema: { type: 'string' } }],
    success: { status: 200, description: '{ status }' },
    errors: [404, 429],
  },
  {
    method: 'GET',
    path: '/api/users/me',
    operationId: 'readOwnProfile',
    summary: "The signed-in customer's profile",
    audience: 'customer',
    success: { status: 200, description: '{ data: profile }' },
    errors: [401],
  },
  {
    method: 'PUT',
    path: '/api/users/me',
    operationId: 'updateOwnProfile',
    summary: 'Update the profile (names and financial institution cannot change)',
    audience: 'customer',
    success: { status: 200, description: '{ data: profile }' },
    errors: [400, 401],
  },
  {
    method: 'POST',
    path: '/api/users/me/password',
    operationId: 'changeOwnPassword',
    summary: 'Change the password; every session of the customer ends',
    audience: 'customer',
    success: { status: 204, description: 'Changed' },
    errors: [400, 401],
  },
];
