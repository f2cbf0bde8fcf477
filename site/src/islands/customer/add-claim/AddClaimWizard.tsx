import { type FormEvent, useEffect, useRef, useState } from 'react';
import {
  type ClaimDraftView,
  type DraftAnswers,
  type DraftDocument,
  EMPTY_DRAFT_ANSWERS,
  LAST_DRAFT_STEP,
  NO_DRAFT_ETAG,
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
import { ChangedElsewhere, SubmittedElsewhere } from './DraftConflict';
import { createUploadKeys } from './upload-keys';
import { type Retry, useDraftVersion } from './use-draft-version';
import { newIdempotencyKey } from '../../idempotency-key';
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
  const [etag, setEtag] = useState(draft.etag);
  const version = useDraftVersion();
  // This tab's submit key: sent again after a lost answer, it finds the claim it made.
  const submitKey = useRef(newIdempotencyKey());
  const uploadKeys = useRef(createUploadKeys());
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

  /** Saves the answers on `basedOn`; answers the draft's new ETag, or undefined when refused. */
  const save = async (
    target: WizardStep,
    basedOn = etag,
    retry: Retry = { kind: 'save', target },
  ): Promise<string | undefined> => {
    setBusy('saving');
    setFormError(undefined);
    try {
      const answer = await saveDraft(
        Math.min(target, LAST_DRAFT_STEP) as WizardStep,
        answers,
        basedOn,
      );
      if (answer.ok) {
        setEtag(answer.body.etag);
        return answer.body.etag;
      }
      if (!version.refused(answer, retry)) setFormError(t('wizard.saveFailed'));
      return undefined;
    } catch {
      setFormError(t('wizard.saveFailed'));
      return undefined;
    } finally {
      setBusy(undefined);
    }
  };

  const goTo = async (target: WizardStep, basedOn = etag) => {
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
    if (await save(target, basedOn)) show(target);
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

  const submit = async (basedOn = etag) => {
    if (submitting.current) return;
    submitting.current = true;
    setBusy('submitting');
    setFormError(undefined);
    try {
      const answer = await submitDraft(basedOn, submitKey.current);
      if (version.refused(answer, { kind: 'submit' })) return;
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

  const startOver = async (basedOn = etag) => {
    setRestarting(false);
    const answer = await discardDraft(basedOn).catch(() => undefined);
    if (answer && version.refused(answer, { kind: 'startOver' })) return;
    if (!answer?.ok) {
      setFormError(t('wizard.saveFailed'));
      return;
    }
    restart();
  };

  /** The other tab's answers replace this tab's; the claimant reviews them before going on. */
  const takeTheirs = () => {
    const theirs = version.settle();
    if (!theirs) return;
    setAnswers(theirs.draft.answers);
    setDocuments(theirs.draft.documents);
    setEtag(theirs.draft.etag);
    setErrors({});
    setFormError(undefined);
  };

  /** This tab's answers are sent again, based on the version now current. */
  const keepMine = async () => {
    const theirs = version.settle();
    if (!theirs) return;
    const { draft: current, retry } = theirs;
    setDocuments(current.documents);
    setEtag(current.etag);
    if (retry.kind === 'save') await goTo(retry.target, current.etag);
    else if (retry.kind === 'startOver') await startOver(current.etag);
    else {
      const saved = await save(WIZARD_STEPS.summary, current.etag, retry);
      if (saved) await submit(saved);
    }
  };

  const restart = () => {
    setEtag(NO_DRAFT_ETAG);
    uploadKeys.current = createUploadKeys();
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

  if (version.closed) {
    return (
      <div className="wizard">
        <SubmittedElsewhere lang={lang} {...version.closed} t={t} />
      </div>
    );
  }

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
        {version.conflict && (
          <ChangedElsewhere
            changes={version.conflict.changes}
            mine={answers}
            onTakeTheirs={takeTheirs}
            onKeepMine={() => void keepMine()}
            t={t}
          />
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
                etag={etag}
                onEtag={setEtag}
                uploadKey={uploadKeys.current}
                onVersionRefused={(answer) =>
                  version.refused(answer, { kind: 'save', target: WIZARD_STEPS.documents })
                }
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
