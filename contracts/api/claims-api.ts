import { z } from 'zod';
import { INITIAL_DOCUMENT_KINDS } from '../claims/documents';
import { submitClaimRequestSchema } from '../claims/submit-claim-request';
import { uploadedFileSchema } from './uploaded-file';

/** Sanity bound on list lengths; the claim rules give the real limits and their messages. */
const MAX_FILES_IN_A_BODY = 50;

/** POST /api/claims: the claim fields and its initial documents. */
export const submitClaimBodySchema = submitClaimRequestSchema.extend({
  documents: z
    .array(uploadedFileSchema.extend({ kind: z.enum(INITIAL_DOCUMENT_KINDS, 'invalidChoice') }))
    .max(MAX_FILES_IN_A_BODY, 'tooMany')
    .default([]),
});

/** GET /api/claims/{submissionId}/documents: what the claimant sent, never storage keys. */
export const claimDocumentsSchema = z.object({
  documents: z.array(
    z.object({
      fileName: z.string(),
      size: z.number().int().nonnegative(),
      kind: z.enum([...INITIAL_DOCUMENT_KINDS, 'additional']),
    }),
  ),
});

/** POST /api/claims/draft/documents: files of one kind for the claimant's draft. */
export const stageDraftDocumentsBodySchema = z.object({
  kind: z.enum(INITIAL_DOCUMENT_KINDS, 'invalidChoice'),
  attachments: z.array(uploadedFileSchema).max(MAX_FILES_IN_A_BODY, 'tooMany'),
});

/** POST /api/claims/{submissionId}/documents: a batch of additional documents. */
export const addDocumentsBodySchema = z.object({
  attachments: z.array(uploadedFileSchema).max(MAX_FILES_IN_A_BODY, 'tooMany'),
});

/**
 * POST /api/admin/claims/{submissionId}: the staff edit form's values as typed (a field
 * left out keeps its value), and optionally a new decision letter saved with them.
 */
export const amendClaimBodySchema = z.object({
  claimNumber: z.string().optional(),
  benefitAmount: z.union([z.string(), z.number()]).optional(),
  firstPaymentDate: z.string().optional(),
  lastPaymentDate: z.string().optional(),
  status: z.string().optional(),
  additionalReason: z.union([z.string(), z.array(z.string())]).optional(),
  decisionLetter: uploadedFileSchema.optional(),
  /**
   * The version first read, when the person saw the changes since in the conflict dialog and
   * chose to overwrite them (If-Match then names the current version); the event records
   * which of those changes the save replaced.
   */
  overwriting: z.number().int().nonnegative().optional(),
});

const documentRefSchema = z.object({
  key: z.string(),
  fileName: z.string(),
  size: z.number(),
  sha256: z.string(),
  contentType: z.string(),
  kind: z.string(),
});

/** GET /api/admin/claims/{submissionId}: the claim as its events fold now. */
export const staffClaimViewSchema = z.object({
  submissionId: z.uuid(),
  status: z.string(),
  confirmationNumber: z.string(),
  policyNumber: z.string(),
  productCode: z.string(),
  productType: z.string(),
  claimType: z.string(),
  claimDescription: z.string(),
  claimant: z.object({
    customerId: z.string(),
    email: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    dateOfBirth: z.string(),
  }),
  claimNumber: z.string(),
  benefitAmount: z.number(),
  firstPaymentDate: z.string().nullable(),
  lastPaymentDate: z.string().nullable(),
  additionalReason: z.string(),
  eobPath: z.string().nullable(),
  decisionLetterRead: z.boolean(),
  documents: z.array(documentRefSchema),
  submittedAt: z.string(),
  updatedAt: z.string(),
  updatedBy: z.string().nullable(),
});

export const acceptedSchema = z.object({ submissionId: z.uuid() });
