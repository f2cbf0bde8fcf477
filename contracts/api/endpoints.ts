import type { z } from 'zod';
import { CLAIM_SEARCH_TYPES, SEARCH_SORT_COLUMNS } from '../claims/claim-search';
import { claimListSchema, claimSummarySchema } from '../claims/claim-summary-schema';
import { submitClaimResponseSchema } from '../claims/submit-claim-request';
import {
  acceptedSchema,
  addDocumentsBodySchema,
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
  description: 'A UUID v7; a retried request with the same key is applied once.',
  schema: { type: 'string', format: 'uuid' },
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
    success: { status: 201, description: 'Submitted', schema: submitClaimResponseSchema },
    errors: [400, 401, 409, 413, 415],
  },
  {
    method: 'GET',
    path: '/api/claims/{submissionId}',
    operationId: 'getOwnClaim',
    summary: "One of the signed-in customer's claims",
    audience: 'customer',
    parameters: [submissionIdParameter],
    success: { status: 200, description: 'The claim', schema: claimSummarySchema },
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
    success: { status: 201, description: 'Added', schema: acceptedSchema },
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
    parameters: [submissionIdParameter],
    success: { status: 204, description: 'Marked read' },
    errors: [401, 404, 409],
  },
  {
    method: 'GET',
    path: '/api/admin/claims/{submissionId}',
    operationId: 'getClaimForStaff',
    summary: 'One claim as its events fold now (staff edit page)',
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
    parameters: [submissionIdParameter, idempotencyKeyParameter],
    body: amendClaimBodySchema,
    success: { status: 200, description: 'The claim after the save', schema: staffClaimViewSchema },
    errors: [400, 401, 404, 409, 413, 415],
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
    path: '/api/admin/claims/search',
    operationId: 'searchClaims',
    summary:
      'Search every claim by one search type, 10 rows a page (keyset: pass nextCursor as after)',
    audience: 'staff',
    parameters: [
      {
        name: 'type',
        in: 'query',
        required: true,
        schema: { type: 'string', enum: [...CLAIM_SEARCH_TYPES] },
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
    ],
    success: { status: 200, description: 'One page of results' },
    errors: [400, 401],
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
    success: { status: 200, description: 'Every event of the claim' },
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
