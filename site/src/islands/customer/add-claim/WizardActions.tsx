import { WIZARD_STEPS, type WizardStep } from '@contracts/claims/claim-draft';

export type Busy = 'saving' | 'submitting' | undefined;

interface ActionsProps {
  readonly step: WizardStep;
  readonly busy: Busy;
  readonly lang: string;
  readonly t: (key: string) => string;
  readonly onBack: () => void;
  readonly onSaveAndExit: () => void;
  readonly onStartOver: () => void;
}

export function WizardActions({ step, busy, lang, t, ...on }: ActionsProps) {
  if (step === WIZARD_STEPS.beforeYouStart) {
    return (
      <p className="actions">
        <button type="submit" className="button button--primary" disabled={busy !== undefined}>
          {t('wizard.intro.proceed')}
        </button>
        <a className="button button--secondary" href={`/${lang}/dashboard`}>
          {t('wizard.cancel')}
        </a>
      </p>
    );
  }
  const disabled = busy !== undefined;
  const secondary = (label: string, className: string, onClick: () => void) => (
    <button type="button" className={`button ${className}`} disabled={disabled} onClick={onClick}>
      {t(label)}
    </button>
  );
  const primary =
    step === WIZARD_STEPS.summary
      ? busy === 'submitting'
        ? 'wizard.submitting'
        : 'wizard.submit'
      : 'wizard.next';
  return (
    <div className="actions wizard__actions">
      {secondary('wizard.back', 'button--secondary', on.onBack)}
      <button
        type="submit"
        className="button button--primary"
        disabled={disabled}
        aria-busy={disabled}
      >
        {t(primary)}
      </button>
      {secondary('wizard.saveAndExit', 'button--link', on.onSaveAndExit)}
      {secondary('wizard.startOver', 'button--link', on.onStartOver)}
    </div>
  );
}

interface SubmittedProps {
  readonly lang: string;
  readonly confirmationNumber: string;
  readonly onAnother: () => void;
  readonly t: (key: string, params?: Record<string, string>) => string;
}

/** Step 6: the confirmation number, then another claim or the dashboard. */
export function Submitted({ lang, confirmationNumber, onAnother, t }: SubmittedProps) {
  return (
    <>
      <p className="form-success">{t('wizard.submitted.text', { confirmationNumber })}</p>
      <p>{t('wizard.submitted.next')}</p>
      <p className="actions">
        <a className="button button--primary" href={`/${lang}/dashboard`}>
          {t('addClaim.returnToDashboard')}
        </a>
        <button type="button" className="button button--secondary" onClick={onAnother}>
          {t('addClaim.submitAnother')}
        </button>
      </p>
    </>
  );
}
