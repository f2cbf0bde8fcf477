import { historyQuerySchema } from '../claims/claim-history-query';
import { CLAIM_SEARCH_TYPES, SEARCH_SORT_COLUMNS } from '../claims/claim-search';
import { amendClaimBodySchema, staffClaimViewSchema } from './claims-api';
import { IDEMPOTENCY_KEY_PATTERN } from './idempotency-key';
import {
  type ApiEndpoint,
  OWN_WRITE,
  idempotencyKeyParameter,
  ifMatchParameter,
  queryParameters,
  submissionIdParameter,
} from './endpoint-shape';

/** The staff claim endpoints: view, amend, letters, documents, search, history, audit. */
/** A document by the SHA-256 of its original, as its event records it. */
const documentIdParameter = {
  name: 'documentId',
  in: 'path',
  required: true,
  description: 'The SHA-256 of the document, in lowercase hex',
  schema: { type: 'string', pattern: '^[0-9a-f]{64}$' },
};

/** One opening of a document, so a fetch made again is recorded once. */
const viewKeyParameter = {
  name: 'view',
  in: 'query',
  required: false,
  description: 'A UUID v7 naming this opening: fetched again with it, the view is recorded once',
  schema: { type: 'string', format: 'uuid', pattern: IDEMPOTENCY_KEY_PATTERN },
};

export const STAFF_CLAIM_ENDPOINTS: readonly ApiEndpoint[] = [
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
    summary:
      "View a claim's current decision letter (staff): its rendition, checked against its recorded sha256; the opening is recorded with the viewer's role (decision 127)",
    audience: 'staff',
    parameters: [submissionIdParameter],
    success: { status: 200, description: 'The letter (PDF)', contentType: 'application/pdf' },
    errors: [401, 404, 409],
  },
  {
    method: 'GET',
    path: '/api/admin/claims/{submissionId}/decision-letter/original',
    operationId: 'downloadOriginalDecisionLetter',
    summary:
      "Download original: the claim's current decision letter as staff uploaded it, as an attachment, checked against its recorded sha256; recorded with the viewer's role (decision 127)",
    audience: 'staff',
    parameters: [submissionIdParameter],
    success: { status: 200, description: 'The letter (PDF)', contentType: 'application/pdf' },
    errors: [401, 404, 409],
  },
  {
    method: 'GET',
    path: '/api/admin/claims/{submissionId}/documents/{documentId}',
    operationId: 'viewClaimDocument',
    summary:
      "The rendition of one of the claim's documents, inline, for the staff viewer, checked against its recorded sha256 (409 when the stored bytes do not match); each opening is recorded with the viewer's role (decisions 060 and 127)",
    audience: 'staff',
    parameters: [submissionIdParameter, documentIdParameter, viewKeyParameter],
    success: {
      status: 200,
      description:
        'The rendition with its stored type (an image-only PDF, a baseline JPEG or a PNG)',
      contentType: 'application/octet-stream',
    },
    errors: [400, 401, 404, 409],
  },
  {
    method: 'GET',
    path: '/api/admin/claims/{submissionId}/documents/{documentId}/original',
    operationId: 'downloadOriginalClaimDocument',
    summary:
      "Download original: the sealed original of one of the claim's documents, as an attachment, checked against its recorded sha256; each download is recorded with the viewer's role (decision 127)",
    audience: 'staff',
    parameters: [submissionIdParameter, documentIdParameter, viewKeyParameter],
    success: {
      status: 200,
      description: 'The original as uploaded, as an attachment',
      contentType: 'application/octet-stream',
    },
    errors: [400, 401, 404, 409],
  },
  {
    method: 'GET',
    path: '/api/admin/claims/{submissionId}/document-views',
    operationId: 'claimDocumentViews',
    summary:
      "Who opened which of the claim's documents and letters (which copy, in which role), and when, oldest first, with the reads refused because the stored bytes did not match their sha256",
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
    parameters: [submissionIdParameter, ...queryParameters(historyQuerySchema)],
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
      description:
        'Every event of the claim, whether its hash chain verifies, its live head and the newest signed checkpoint’s verdict on it',
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
];
