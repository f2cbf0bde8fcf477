import { z } from 'zod';
import { claimDraftViewSchema } from '../claims/claim-draft-schema';
import { ERROR_CODES } from '../errors';

/** application/problem+json as every endpoint answers an error. */
export const problemSchema = z.object({
  type: z.string(),
  title: z.string(),
  status: z.number().int(),
  code: z.enum(ERROR_CODES),
  requestId: z.string(),
  errors: z
    .array(
      z.object({
        field: z.string(),
        code: z.string(),
        params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
        /** The rule's words in the caller's language, so every client shows the same text. */
        message: z.string().optional(),
      }),
    )
    .optional(),
  /** Why a 429 was answered (the limit that was reached). */
  reason: z.string().optional(),
  /** A stale write (409): the claim's version now, and each field changed since the one read. */
  currentVersion: z.number().int().optional(),
  /**
   * Each field changed since the version read: a staff claim's change names who made it and
   * when (`by`, `at`); a draft's (the claimant's other tab) does not.
   */
  changes: z
    .array(
      z.object({
        field: z.string(),
        from: z.unknown(),
        to: z.unknown(),
        by: z.string().optional(),
        at: z.string().optional(),
      }),
    )
    .optional(),
  /** A stale draft write (409, decision 121): the draft now, and its ETag. */
  etag: z.string().optional(),
  draft: claimDraftViewSchema.optional(),
  /** A draft submitted already (409): the claim it became. */
  submissionId: z.uuid().optional(),
  confirmationNumber: z.string().optional(),
});
