import { z } from 'zod';
import { ACCEPTED_DOCUMENT_TYPES } from '../documents/detect-document-type';
import { BIDI_CONTROLS } from '../accepted-text';
import { LAST_DRAFT_STEP, WIZARD_STEPS } from './claim-draft';
import { INITIAL_DOCUMENT_KINDS } from './documents';
import { CLAIM_DESCRIPTION, POLICY_NUMBER } from './field-rules';

/** The claim draft API's bodies (zod, server side; the wizard itself ships without zod). */

/**
 * Half-typed answers are kept as typed, with no control character (C0 but, in the description,
 * tab and line breaks; DEL; C1) and no bidirectional control the edge would refuse. A pattern,
 * not a predicate, so the OpenAPI document generated from this schema states the same rule.
 */
const keptTextPattern = (allowLineBreaks: boolean) =>
  new RegExp(
    `^[^${allowLineBreaks ? '\\u0000-\\u0008\\u000b\\u000c\\u000e-\\u001f' : '\\u0000-\\u001f'}\\u007f-\\u009f${BIDI_CONTROLS}]*$`,
    'u',
  );

const keptText = (max: number, allowLineBreaks = false) =>
  z
    .string('invalidFormat')
    .max(max, 'tooLong')
    .regex(keptTextPattern(allowLineBreaks), 'invalidCharacters');

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
