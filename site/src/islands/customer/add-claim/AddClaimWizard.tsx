import { type FormEvent, useEffect, useRef, useState } from 'react';
import {
  type ClaimDraftView,
  type DraftAnswers,
  type DraftDocument,
  EMPTY_DRAFT_ANSWERS,
  LAST_DRAFT_STEP,
  stepOfFields,
  WIZARD_STEPS,
  type WizardStep,
  missingStatementErrors,
} from '@contracts/claims/claim-draft';
import type { InitialDocumentKind } from '@contracts/claims/documents';
import { FIELD_LIMITS } from '@contracts/claims/submit-claim-form';
import { ConfirmDialog } from '@site/ui/confirm-dialog/ConfirmDialog';
import { focusFirstError } from '@site/ui/field/field-errors';
import { type IslandMessages, islandTranslator } from '../../messages';
import { BeforeYouStart } from './BeforeYouStart';
import { DocumentsStep } from './DocumentsStep';
import { discardDraft, saveDraft, serverMessages, submitDraft } from './draft-client';
import { ProductStep } from './ProductStep';
import { SummaryStep } from './SummaryStep';
import { type AnswerField, stepErrors } from './step-rules';
import { TypeStep } from './TypeStep';
import { type Busy, Submitted, WizardActions } from './WizardActions';
import { WizardProgress } from './WizardProgress';
import { nextStep, previousStep } from './wizard-steps';

interface Props {
  readonly lang: string;
  readonly messages: IslandMessages;
  /** The claimant's saved draft, read by the page: a reload or a new sign-in resumes it. */
  readonly draft: ClaimDraftView;
  /** The document kinds' names inside the rules' messages, in the page language. */
  readonly kindWords: Readonly<Record<InitialDocumentKind, string>>;
}

const TITLES: Readonly<Record<WizardStep, string>> = {
  1: 'wizard.intro.title',
  2: 'wizard.product.title',
  3: 'wizard.type.title',
  4: 'wizard.documents.title',
  5: 'wizard.summary.title',
  6: 'wizard.submitted.title',
};

const ANSWER_FIELDS: readonly AnswerField[] = [
  'policyNumber',
  'productCode',
  'productType',
  'claimType',
  'claimDescription',
];

/** The add-claim wizard (customer spec §2): six pages, saved on the server at every step. */
export default function AddClaimWizard({ lang, messages, draft, kindWords }: Props) {
  const t = islandTranslator(messages);
  const [step, setStep] = useState<WizardStep>(draft.step);
  const [answers, setAnswers] = useState<DraftAnswers>(draft.answers);
  const [documents, setDocuments] = useState<readonly DraftDocument[]>(draft.documents);
  const [errors, setErrors] = useState<Partial<Record<AnswerField, string>>>({});
  const [documentErrors, setDocumentErrors] = useState<readonly string[]>([]);
  const [formError, setFormError] = useState<string>();
  const [busy, setBusy] = useState<Busy>();
  const [confirmationNumber, setConfirmationNumber] = useState('');
  const [restarting, setRestarting] = useState(false);
  const [attemptId, setAttemptId] = useState(draft.attemptId);
  // Set at once on click: a second click before React re-renders (and disables) is ignored.
  const submitting = useRef(false);
  const heading = useRef<HTMLHeadingElement>(null);
  const moved = useRef(false);
  const resumed = draft.step > WIZARD_STEPS.beforeYouStart;

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on each page change on purpose.
  useEffect(() => {
    // Focus follows the page change, so screen readers announce the new step's title.
    if (moved.current) heading.current?.focus();
  }, [step]);

  const fieldMessage = (field: string, code: string) =>
    t(`errors.field.${code}`, { max: FIELD_LIMITS[field] ?? '' });

  const change = (field: keyof DraftAnswers, value: string | boolean) => {
    setAnswers((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
    setDocumentErrors([]);
  };

  const show = (target: WizardStep) => {
    moved.current = true;
    setFormError(undefined);
    setStep(target);
  };

  const save = async (target: WizardStep): Promise<boolean> => {
    setBusy('saving');
    setFormError(undefined);
    try {
      const answer = await saveDraft(Math.min(target, LAST_DRAFT_STEP) as WizardStep, answers);
      if (!answer.ok) setFormError(t('wizard.saveFailed'));
      else if (answer.body.attemptId) setAttemptId(answer.body.attemptId);
      return answer.ok;
    } catch {
      setFormError(t('wizard.saveFailed'));
      return false;
    } finally {
      setBusy(undefined);
    }
  };

  const goTo = async (target: WizardStep) => {
    if (target > step) {
      const found = stepErrors(step, answers);
      const fields = ANSWER_FIELDS.filter((field) => found[field]);
      if (fields.length > 0) {
        setErrors(Object.fromEntries(fields.map((f) => [f, fieldMessage(f, found[f] as string)])));
        setFormError(t('wizard.fixErrors'));
        focusFirstError(ANSWER_FIELDS, found, (field) =>
          field === 'claimType' ? 'claimType-0' : field,
        );
        return;
      }
      if (step === WIZARD_STEPS.documents && !statementSettled()) return;
    }
    if (await save(target)) show(target);
  };

  /** The statement the claim type needs is attached or confirmed, found here, not at Submit. */
  const statementSettled = () => {
    const [missing] = missingStatementErrors(answers, documents);
    const kind = missing?.params?.kind as InitialDocumentKind | undefined;
    if (!missing || !kind) return true;
    setDocumentErrors([t(missing.code, { kind: kindWords[kind] })]);
    setFormError(t('wizard.fixErrors'));
    document.getElementById(`${kind}-direct`)?.focus();
    return false;
  };

  const submit = async () => {
    if (submitting.current) return;
    submitting.current = true;
    setBusy('submitting');
    setFormError(undefined);
    try {
      const answer = await submitDraft(attemptId);
      if (answer.status === 201) {
        setConfirmationNumber(answer.body.confirmationNumber);
        show(WIZARD_STEPS.submitted);
        return;
      }
      const refused = answer.body.errors ?? [];
      if (answer.status === 400 && refused.length > 0) {
        const byField = refused.filter((e) => e.field !== 'documents');
        setErrors(Object.fromEntries(byField.map((e) => [e.field, fieldMessage(e.field, e.code)])));
        setDocumentErrors(
          serverMessages({ errors: refused.filter((e) => e.field === 'documents') }),
        );
        show(stepOfFields(refused.map((e) => e.field)));
        setFormError(t('wizard.fixErrors'));
      } else {
        setFormError(t(`errors.${answer.body.code ?? 'INTERNAL'}`));
      }
    } catch {
      setFormError(t('errors.INTERNAL'));
    } finally {
      submitting.current = false;
      setBusy(undefined);
    }
  };

  const startOver = async () => {
    setRestarting(false);
    const answer = await discardDraft().catch(() => undefined);
    if (!answer?.ok) {
      setFormError(t('wizard.saveFailed'));
      return;
    }
    restart();
  };

  const restart = () => {
    setAnswers(EMPTY_DRAFT_ANSWERS);
    setDocuments([]);
    setErrors({});
    setDocumentErrors([]);
    show(WIZARD_STEPS.beforeYouStart);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (step === WIZARD_STEPS.summary) void submit();
    else void goTo(nextStep(step));
  };

  const saveAndExit = async () => {
    if (await save(step)) window.location.assign(`/${lang}/dashboard`);
  };

  const answerProps = { answers, errors, onChange: change, t };

  return (
    <div className="wizard">
      <WizardProgress step={step} t={t} />
      {resumed && !moved.current && (
        <p className="wizard__resumed" role="status">
          {t('wizard.resumed')}
        </p>
      )}
      <section className="wizard__page" aria-labelledby="wizard-step-title">
        <h2 id="wizard-step-title" tabIndex={-1} ref={heading}>
          {t(TITLES[step])}
        </h2>
        {formError && (
          <p role="alert" className="form-error">
            {formError}
          </p>
        )}
        {step === WIZARD_STEPS.submitted ? (
          <Submitted
            lang={lang}
            confirmationNumber={confirmationNumber}
            onAnother={restart}
            t={t}
          />
        ) : (
          <form className="form wizard__form" noValidate onSubmit={onSubmit}>
            {step === WIZARD_STEPS.beforeYouStart && <BeforeYouStart t={t} />}
            {step === WIZARD_STEPS.product && <ProductStep {...answerProps} />}
            {step === WIZARD_STEPS.type && <TypeStep {...answerProps} />}
            {step === WIZARD_STEPS.documents && (
              <DocumentsStep
                answers={answers}
                documents={documents}
                onDocuments={setDocuments}
                onChange={change}
                stepErrors={documentErrors}
                kindWord={(kind) => kindWords[kind]}
                t={t}
                lang={lang}
              />
            )}
            {step === WIZARD_STEPS.summary && (
              <SummaryStep
                answers={answers}
                documents={documents}
                onChangeStep={(target) => void goTo(target)}
                t={t}
              />
            )}
            <WizardActions
              step={step}
              busy={busy}
              lang={lang}
              t={t}
              onBack={() => void goTo(previousStep(step))}
              onSaveAndExit={() => void saveAndExit()}
              onStartOver={() => setRestarting(true)}
            />
          </form>
        )}
      </section>
      <ConfirmDialog
        open={restarting}
        title={t('wizard.startOver.title')}
        text={t('wizard.startOver.text')}
        confirmLabel={t('wizard.startOver.confirm')}
        cancelLabel={t('wizard.startOver.keep')}
        onConfirm={() => void startOver()}
        onCancel={() => setRestarting(false)}
      />
    </div>
  );
}
