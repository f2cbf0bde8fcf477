import * as v from 'valibot';
import { type DraftAnswers, WIZARD_STEPS, type WizardStep } from '@contracts/claims/claim-draft';
import { submitClaimFormSchema } from '@contracts/claims/submit-claim-form';
import { firstIssueByField } from '@site/ui/field/check-form';

/** Each answer step checks its own fields with the browser's copy of the server's rules. */
const STEP_SCHEMAS = {
  [WIZARD_STEPS.product]: v.pick(submitClaimFormSchema, [
    'policyNumber',
    'productCode',
    'productType',
  ]),
  [WIZARD_STEPS.type]: v.pick(submitClaimFormSchema, ['claimType', 'claimDescription']),
} as const;

export type AnswerField =
  | 'policyNumber'
  | 'productCode'
  | 'productType'
  | 'claimType'
  | 'claimDescription';
/** A field's error code (`errors.field.{code}`), the first rule it broke. */
export type StepErrors = Partial<Record<AnswerField, string>>;

export function stepErrors(step: WizardStep, answers: DraftAnswers): StepErrors {
  const schema = STEP_SCHEMAS[step as keyof typeof STEP_SCHEMAS];
  if (!schema) return {};
  return firstIssueByField<AnswerField>(schema, answers);
}
