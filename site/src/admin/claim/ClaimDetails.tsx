import { type FormEvent, useEffect, useMemo, useRef, useState } from 'react';
import { CLAIM_STATUSES, type ClaimStatus } from '@contracts/claims/catalogue';
import type { ClaimRecord } from '@services/claims/claim';
import type { ChosenFile } from '@site/ui/file-drop/chosen-file';
import { FieldFrame } from '@site/ui/field/FieldFrame';
import type { ToastMessage } from '@site/ui/toast/Toast';
import { ADMIN_TEXT } from '../admin-text';
import { ConflictDialog } from './ConflictDialog';
import { ClaimAside, detailsClassName } from './ClaimAside';
import { useDocumentViewer } from './ClaimDocuments';
import {
  acceptsAmountTyping,
  type ClaimFormErrors,
  type ClaimFormField,
  type ClaimFormValues,
  checkClaimForm,
  claimNumberTypingError,
  dateFieldError,
  differs,
  formValuesOf,
  isClaimStatus,
  type RememberedReasons,
  withStatus,
} from './claim-form';
import { LetterField } from './LetterField';
import { ReasonField } from './ReasonField';
import { useClaimSave } from './use-claim-save';

interface Props {
  readonly claim: ClaimRecord;
  /** The ETag the claim was read with: every save sends it as If-Match (decision 048). */
  readonly etag: string;
  readonly onDirty: (dirty: boolean) => void;
  /** The claim as saved or reloaded, with its new ETag. */
  readonly onSaved: (claim: ClaimRecord, etag: string) => void;
  readonly onToast: (toast: ToastMessage) => void;
}

const text = ADMIN_TEXT.claim;
const FIELD_ORDER: readonly ClaimFormField[] = [
  'claimNumber',
  'benefitAmount',
  'firstPaymentDate',
  'lastPaymentDate',
  'reasons',
  'decisionLetter',
];
let toastCount = 0;
function toast(kind: ToastMessage['kind'], message: string): ToastMessage {
  toastCount += 1;
  return { kind, text: message, id: toastCount };
}

/** The Claim Details tab: the claim as submitted, and the staff edit form (staff spec §2, §5, §8). */
export function ClaimDetails({ claim, etag, onDirty, onSaved, onToast }: Props) {
  const stored = useMemo(() => formValuesOf(claim), [claim]);
  const [values, setValues] = useState<ClaimFormValues>(stored);
  const [errors, setErrors] = useState<ClaimFormErrors>({});
  const [letter, setLetter] = useState<ChosenFile>();
  const form = useRef<HTMLFormElement>(null);
  const title = useRef<HTMLHeadingElement>(null);
  const remembered = useRef<RememberedReasons>({});
  // Save and Cancel disable themselves once done: focus goes to the form's title, not <body>.
  const focusAfter = useRef(false);
  const changed = differs(stored, values) || letter !== undefined;
  const saver = useClaimSave({
    claim,
    etag,
    stored,
    values,
    letter,
    setErrors,
    onSaved: (saved, savedEtag) => {
      focusAfter.current = true;
      onSaved(saved, savedEtag);
    },
    toast: (kind, message) => onToast(toast(kind, message)),
  });
  const { saving } = saver;
  const viewer = useDocumentViewer();

  useEffect(() => onDirty(changed), [changed, onDirty]);

  const reset = () => {
    setValues(stored);
    setErrors({});
    setLetter(undefined);
    remembered.current = {};
    title.current?.focus();
  };
  // A new claim (saved or reloaded) resets the form, then puts back edits carried over a conflict.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs for each new claim only.
  useEffect(() => {
    const carry = saver.takeCarried();
    setValues({ ...stored, ...carry?.values });
    setErrors({});
    setLetter(carry?.letter);
    remembered.current = {};
    if (focusAfter.current) title.current?.focus();
    focusAfter.current = false;
  }, [stored]);

  const update = (field: keyof ClaimFormValues, value: string, error?: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: error }));
  };

  async function save(event: FormEvent) {
    event.preventDefault();
    if (saving || !changed) return;
    const found = checkClaimForm(values, letter);
    if (Object.values(found).some(Boolean)) {
      setErrors(found);
      const first = FIELD_ORDER.find((field) => found[field]);
      form.current
        ?.querySelector<HTMLElement>(`[data-field="${first}"] :is(input, select)`)
        ?.focus();
      return;
    }
    await saver.save();
  }

  return (
    <div className={detailsClassName(viewer)}>
      <ClaimAside claim={claim} viewer={viewer} />
      <form
        ref={form}
        className="form admin-claim__form"
        noValidate
        onSubmit={save}
        aria-labelledby="claim-edit-title"
      >
        <h2 id="claim-edit-title" ref={title} tabIndex={-1}>
          {text.editTitle}
        </h2>
        <div className="admin-claim__grid">
          <div data-field="claimNumber">
            <FieldFrame
              id="claim-number"
              label={text.claimNumber}
              hint={text.claimNumberHint}
              error={errors.claimNumber}
            >
              {(aria) => (
                <input
                  {...aria}
                  type="text"
                  maxLength={8}
                  autoComplete="off"
                  spellCheck={false}
                  value={values.claimNumber}
                  onChange={(e) =>
                    update('claimNumber', e.target.value, claimNumberTypingError(e.target.value))
                  }
                />
              )}
            </FieldFrame>
          </div>
          <div data-field="benefitAmount">
            <FieldFrame
              id="benefit-amount"
              label={text.benefitAmount}
              hint={text.benefitAmountHint}
              error={errors.benefitAmount}
            >
              {(aria) => (
                <input
                  {...aria}
                  type="text"
                  inputMode="decimal"
                  autoComplete="off"
                  value={values.benefitAmount}
                  onChange={(e) => {
                    if (!acceptsAmountTyping(e.target.value)) return;
                    update(
                      'benefitAmount',
                      e.target.value,
                      checkClaimForm({ ...values, benefitAmount: e.target.value }, undefined)
                        .benefitAmount,
                    );
                  }}
                />
              )}
            </FieldFrame>
          </div>
          {(['firstPaymentDate', 'lastPaymentDate'] as const).map((field) => (
            <div data-field={field} key={field}>
              <FieldFrame
                id={field === 'firstPaymentDate' ? 'first-payment-date' : 'last-payment-date'}
                label={text[field]}
                hint={text.dateHint}
                error={errors[field]}
              >
                {(aria) => (
                  <input
                    {...aria}
                    type="text"
                    inputMode="numeric"
                    placeholder="YYYY-MM-DD"
                    maxLength={10}
                    autoComplete="off"
                    value={values[field]}
                    onChange={(e) =>
                      update(field, e.target.value, dateFieldError(e.target.value, false))
                    }
                    onBlur={(e) =>
                      update(field, e.target.value, dateFieldError(e.target.value, true))
                    }
                  />
                )}
              </FieldFrame>
            </div>
          ))}
          <div data-field="status">
            <FieldFrame id="claim-status" label={text.status}>
              {(aria) => (
                <select
                  {...aria}
                  value={values.status}
                  onChange={(e) => {
                    const status = e.target.value;
                    if (isClaimStatus(status)) {
                      remembered.current = {
                        ...remembered.current,
                        [values.status]: values.reasons,
                      };
                      setValues(withStatus(values, status as ClaimStatus, remembered.current));
                    }
                    setErrors((current) => ({ ...current, reasons: undefined }));
                  }}
                >
                  {CLAIM_STATUSES.map((status) => (
                    <option key={status} value={status}>
                      {status}
                    </option>
                  ))}
                </select>
              )}
            </FieldFrame>
          </div>
        </div>
        <div data-field="reasons">
          <ReasonField
            status={values.status}
            selected={values.reasons}
            error={errors.reasons}
            onChange={(reasons) => {
              setValues((current) => ({ ...current, reasons }));
              setErrors((current) => ({ ...current, reasons: undefined }));
            }}
          />
        </div>
        <div data-field="decisionLetter">
          <LetterField
            submissionId={claim.submissionId}
            currentLetter={
              claim.eobPath ? (claim.decisionLetter?.fileName ?? text.letter) : undefined
            }
            chosen={letter}
            error={errors.decisionLetter}
            onChoose={(file) => {
              setLetter(file);
              setErrors((current) => ({
                ...current,
                decisionLetter: file && checkClaimForm(values, file).decisionLetter,
              }));
            }}
            onProblem={(message) => onToast(toast('error', message))}
          />
        </div>
        <div className="actions admin-claim__actions">
          <button
            type="submit"
            className="button button--primary"
            disabled={!changed || saving}
            aria-disabled={!changed || saving}
          >
            {saving ? text.saving : text.save}
          </button>
          <button
            type="button"
            className="button button--secondary"
            disabled={!changed || saving}
            onClick={reset}
          >
            {text.cancel}
          </button>
        </div>
      </form>
      <ConflictDialog
        conflict={saver.conflict}
        colliding={saver.colliding}
        busy={saving}
        onKeep={saver.keep}
        onOverwrite={saver.overwrite}
        onDiscard={saver.discard}
      />
    </div>
  );
}
