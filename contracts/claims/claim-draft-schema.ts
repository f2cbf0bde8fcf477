import { z } from 'zod';
import { ACCEPTED_DOCUMENT_TYPES } from '../documents/detect-document-type';
import { hasControlCharacter, LAST_DRAFT_STEP, WIZARD_STEPS } from './claim-draft';
import { INITIAL_DOCUMENT_KINDS } from './documents';
import { CLAIM_DESCRIPTION, POLICY_NUMBER } from './field-rules';

/** The claim draft API's bodies (zod, server side; the wizard itself ships without zod). */

const keptText = (max: number, allowLineBreaks = false) =>
  z
    .string('invalidFormat')
    .max(max, 'tooLong')
    .refine((text) => !hasControlCharacter(text, allowLineBreaks), 'invalidCharacters');

/** PUT /api/claims/draft. */
export const saveDraftBodySchema = z.object({
  step: z
    .number('invalidChoice')
    .int('invalidChoice')
    .min(WIZARD_STEPS.beforeYouStart, 'invalidChoice')
    .max(LAST_DRAFT_STEP, 'invalidChoice'),
  answers: z.object({
    policyNumber: keptText(POLICY_NUMBER.maxLength),
    productCode: keptText(10),
    productType: keptText(40),
    claimType: keptText(40),
    claimDescription: keptText(CLAIM_DESCRIPTION.maxLength, true),
    employerFormChecked: z.boolean('invalidChoice'),
    physicianStatementChecked: z.boolean('invalidChoice'),
  }),
});

export type SaveDraftBody = z.infer<typeof saveDraftBodySchema>;

/** GET/PUT /api/claims/draft answer, as the OpenAPI document describes it. */
export const claimDraftViewSchema = z.object({
  step: z.number().int().min(WIZARD_STEPS.beforeYouStart).max(LAST_DRAFT_STEP),
  answers: saveDraftBodySchema.shape.answers,
  documents: z.array(
    z.object({
      id: z.uuid(),
      kind: z.enum(INITIAL_DOCUMENT_KINDS),
      fileName: z.string(),
      size: z.number().int().nonnegative(),
      contentType: z.enum(ACCEPTED_DOCUMENT_TYPES),
    }),
  ),
  attemptId: z.uuid().optional(),
  etag: z.string(),
});
