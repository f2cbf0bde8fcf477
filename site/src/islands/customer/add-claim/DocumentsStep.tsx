import { useState } from 'react';
import {
  type DraftAnswers,
  type DraftDocument,
  statementKindFor,
} from '@contracts/claims/claim-draft';
import { initialDocumentErrors, sortChosenFiles } from '@contracts/claims/document-rules';
import {
  DOCUMENT_LIMITS,
  INITIAL_DOCUMENT_KINDS,
  type InitialDocumentKind,
  SINGLE_DOCUMENT_KINDS,
  sizeInKb,
} from '@contracts/claims/documents';
import type { FieldError } from '@contracts/errors';
import { ConfirmDialog } from '@site/ui/confirm-dialog/ConfirmDialog';
import { ErrorList } from '@site/ui/field/ErrorList';
import { CheckboxField } from '@site/ui/field/fields';
import { FileDrop } from '@site/ui/file-drop/FileDrop';
import type { IslandTranslate } from '../../messages';
import { readChosenFile } from '@site/ui/file-drop/chosen-file';
import { formatNumber, pluralKey } from '../../format';
import { signOutIfSessionEnded } from '../session-ended';
import { removeStaged } from './draft-client';
import { type FileOutcome, stageChosen } from './stage-chosen';
import type { UploadKeyOf } from './upload-keys';

const MB = 1024 * 1024;
const ACCEPT = '.pdf,.jpg,.jpeg,.png,application/pdf,image/jpeg,image/png';

interface Uploading {
  readonly kind: InitialDocumentKind;
  readonly names: readonly string[];
  readonly percents: readonly number[];
}

export interface DocumentsStepProps {
  readonly answers: DraftAnswers;
  readonly documents: readonly DraftDocument[];
  readonly onDocuments: (documents: readonly DraftDocument[]) => void;
  /** The draft's ETag, which each upload names, and the one its answer brings back. */
  readonly etag: string;
  readonly onEtag: (etag: string) => void;
  readonly uploadKey: UploadKeyOf;
  /** Shows a 409 of the draft's version (decision 121); true when it was one. */
  readonly onVersionRefused: (answer: { status: number; body: unknown }) => boolean;
  readonly onChange: (field: keyof DraftAnswers, value: boolean) => void;
  /** Refusals of the whole step (e.g. the statement rule when submitting). */
  readonly stepErrors: readonly string[];
  readonly kindWord: (kind: InitialDocumentKind) => string;
  readonly t: IslandTranslate;
  /** For plural forms and numbers. */
  readonly lang: string;
}

/** The kinds this claim asks for, and any other kind that already holds a file. */
function kindsShown(claimType: string, documents: readonly DraftDocument[]) {
  const statement = statementKindFor(claimType);
  return INITIAL_DOCUMENT_KINDS.filter(
    (kind) =>
      kind === 'claim' ||
      kind === 'supporting' ||
      kind === statement ||
      documents.some((d) => d.kind === kind),
  );
}

/** Step 4: each file is checked by the claim's rules, then staged in the draft at once. */
export function DocumentsStep(props: DocumentsStepProps) {
  const { answers, documents, t } = props;
  const [uploading, setUploading] = useState<Uploading>();
  const [errors, setErrors] = useState<Partial<Record<InitialDocumentKind, string[]>>>({});
  const [status, setStatus] = useState('');
  const [removing, setRemoving] = useState<DraftDocument>();

  const words = (found: readonly FieldError[]) =>
    found.map((error) =>
      t(error.code, {
        ...error.params,
        ...(error.params?.kind
          ? { kind: props.kindWord(error.params.kind as InitialDocumentKind) }
          : {}),
      }),
    );

  const choose = async (kind: InitialDocumentKind, files: readonly File[]) => {
    setStatus('');
    const read = await Promise.all(files.map(readChosenFile));
    // A refused file is reported and left out; the good ones chosen with it are still staged.
    const { accepted: chosen, errors: refused } = sortChosenFiles(read, documents);
    const found = initialDocumentErrors([...documents, ...chosen.map((c) => ({ ...c, kind }))]);
    const refusedWords = words(refused);
    setErrors({ [kind]: [...refusedWords, ...words(found)] });
    if (found.length > 0 || chosen.length === 0) return;
    setUploading({ kind, names: chosen.map((c) => c.fileName), percents: chosen.map(() => 0) });
    try {
      const staged = await stageChosen(
        kind,
        chosen,
        { documents, etag: props.etag },
        props.uploadKey,
        (index, percent) =>
          setUploading(
            (current) =>
              current && {
                ...current,
                percents: current.percents.map((p, i) => (i === index ? percent : p)),
              },
          ),
      );
      const stop = staged.stoppedBy;
      if (stop && (signOutIfSessionEnded(stop.status, 'files') || props.onVersionRefused(stop)))
        return;
      props.onDocuments(staged.documents);
      props.onEtag(staged.etag);
      const told = tell(staged.outcomes);
      setErrors({
        [kind]: [...refusedWords, ...told.errors, ...(stop ? [t('errors.INTERNAL')] : [])],
      });
      setStatus(told.status);
    } finally {
      setUploading(undefined);
    }
  };

  /** Each file's fate in words: attached, refused though it arrived, or whether it was sent. */
  const tell = (outcomes: readonly FileOutcome[]) => {
    const names = (result: FileOutcome['result']) =>
      outcomes.filter((o) => o.result === result).map((o) => o.name);
    const attached = names('attached');
    const arrived = names('arrived');
    const errors = outcomes.flatMap((o) => {
      if (o.result === 'refused')
        return [t('wizard.upload.refused', { name: o.name }), ...o.reasons];
      if (o.result === 'notSent') return [t('wizard.upload.notSent', { name: o.name })];
      if (o.result === 'unknown') return [t('wizard.upload.unknown', { name: o.name })];
      return [];
    });
    const status = [
      attached.length > 0 ? t('wizard.uploaded', { names: attached.join(', ') }) : '',
      ...arrived.map((name) => t('wizard.upload.arrived', { name })),
    ]
      .filter(Boolean)
      .join(' ');
    return { errors, status };
  };

  const remove = async (document: DraftDocument) => {
    setRemoving(undefined);
    const answer = await removeStaged(document.id, props.etag).catch(() => undefined);
    if (answer && props.onVersionRefused(answer)) return;
    if (answer?.etag) props.onEtag(answer.etag);
    if (answer?.ok || answer?.status === 404) {
      props.onDocuments(documents.filter((d) => d.id !== document.id));
      setErrors({});
      setStatus(t('wizard.removed', { name: document.fileName }));
    } else {
      setErrors({ [document.kind]: [t('errors.INTERNAL')] });
    }
  };

  const usedBytes = documents.reduce((sum, d) => sum + d.size, 0);
  const statement = statementKindFor(answers.claimType);

  return (
    <>
      <p>{t('wizard.documents.intro')}</p>
      <p className="wizard-documents__limits">
        {t('wizard.documents.limits', {
          maxCount: DOCUMENT_LIMITS.initialMaxCount,
          maxMb: DOCUMENT_LIMITS.initialMaxTotalBytes / MB,
        })}{' '}
        {t(pluralKey('wizard.documents.used', documents.length, props.lang), {
          count: formatNumber(documents.length, props.lang),
          maxCount: formatNumber(DOCUMENT_LIMITS.initialMaxCount, props.lang),
          usedMb:
            usedBytes === 0 ? '0' : formatNumber(Math.max(0.1, usedBytes / MB), props.lang, 1),
          maxMb: formatNumber(DOCUMENT_LIMITS.initialMaxTotalBytes / MB, props.lang),
        })}
      </p>
      <ErrorList errors={props.stepErrors} />
      {kindsShown(answers.claimType, documents).map((kind) => {
        const errorId = `documents-${kind}-errors`;
        const kindErrors = errors[kind] ?? [];
        const sending = uploading?.kind === kind ? uploading : undefined;
        const items = [
          ...documents
            .filter((d) => d.kind === kind)
            .map((d) => ({
              name: d.fileName,
              sizeLabel: t('upload.kb', { size: sizeInKb(d.size) }),
            })),
          ...(sending?.names.map((name, index) => ({
            name,
            sizeLabel: '',
            percent: sending.percents[index] ?? 0,
          })) ?? []),
        ];
        return (
          <div key={kind} className="wizard-documents__kind">
            <FileDrop
              labels={{
                legend: t(`wizard.kind.${kind}`),
                limits: SINGLE_DOCUMENT_KINDS.includes(kind)
                  ? t('wizard.documents.kindLimits')
                  : t('wizard.documents.supportingLimits'),
                dropHere: t('upload.dropHere'),
                choose: t('upload.choose'),
                chosen: t('wizard.documents.attached'),
                remove: t('upload.remove'),
                progress: (percent) => t('upload.progress', { percent }),
              }}
              accept={ACCEPT}
              items={items}
              disabled={uploading !== undefined}
              errorId={kindErrors.length > 0 ? errorId : undefined}
              onChoose={(files) => void choose(kind, files)}
              onRemove={(index) => setRemoving(documents.filter((d) => d.kind === kind)[index])}
            />
            {kind === statement && (
              <CheckboxField
                id={`${kind}-direct`}
                fieldClassName="choice"
                label={t(
                  kind === 'employer' ? 'wizard.employerChecked' : 'wizard.physicianChecked',
                )}
                describedBy={kindErrors.length > 0 ? errorId : undefined}
                checked={
                  kind === 'employer'
                    ? answers.employerFormChecked
                    : answers.physicianStatementChecked
                }
                onChange={(event) =>
                  props.onChange(
                    kind === 'employer' ? 'employerFormChecked' : 'physicianStatementChecked',
                    event.target.checked,
                  )
                }
              />
            )}
            <ErrorList id={errorId} errors={kindErrors} />
          </div>
        );
      })}
      <p role="status" className="form-success">
        {status}
      </p>
      <ConfirmDialog
        open={removing !== undefined}
        title={t('upload.confirmTitle')}
        text={t('wizard.removeText', { name: removing?.fileName ?? '' })}
        confirmLabel={t('upload.confirmRemove')}
        cancelLabel={t('upload.keep')}
        onConfirm={() => removing && void remove(removing)}
        onCancel={() => setRemoving(undefined)}
      />
    </>
  );
}
