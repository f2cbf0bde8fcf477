import { WIZARD_STEPS, type WizardStep } from '@contracts/claims/claim-draft';

/** The five labelled steps of the progress indicator (customer spec §2); step 1 comes before them. */
export const PROGRESS_STEPS = [
  { step: WIZARD_STEPS.product, label: 'wizard.step.product' },
  { step: WIZARD_STEPS.type, label: 'wizard.step.type' },
  { step: WIZARD_STEPS.documents, label: 'wizard.step.documents' },
  { step: WIZARD_STEPS.summary, label: 'wizard.step.summary' },
  { step: WIZARD_STEPS.submitted, label: 'wizard.step.submitted' },
] as const;

/** Next advances; it never goes past the submitted page. */
export const nextStep = (step: WizardStep): WizardStep =>
  Math.min(step + 1, WIZARD_STEPS.submitted) as WizardStep;

/** Back goes one step back, never below the first. */
export const previousStep = (step: WizardStep): WizardStep =>
  Math.max(step - 1, WIZARD_STEPS.beforeYouStart) as WizardStep;

export type ProgressState = 'done' | 'current' | 'todo';

export function progressState(item: WizardStep, current: WizardStep): ProgressState {
  if (item === current) return 'current';
  return item < current ? 'done' : 'todo';
}
