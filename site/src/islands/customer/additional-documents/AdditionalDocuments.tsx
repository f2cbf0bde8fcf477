import { useRef, useState } from 'react';
import {
  additionalDocumentErrors,
  type HeldDocument,
  sortChosenFiles,
} from '@contracts/claims/document-rules';
import { DOCUMENT_LIMITS, sizeInKb } from '@contracts/claims/documents';
import type { FieldError } from '@contracts/errors';
import { ConfirmDialog } from '@site/ui/confirm-dialog/ConfirmDialog';
import { ErrorList } from '@site/ui/field/ErrorList';
import { FileDrop } from '@site/ui/file-drop/FileDrop';
import { csrfHeaders } from '../../csrf';
import { newIdempotencyKey } from '../../idempotency-key';
import { signOutIfSessionEnded } from '../session-ended';
import { type IslandMessages, islandTranslator } from '../../messages';
import { type ChosenFile, dataUrlOf, readChosenFile } from '@site/ui/file-drop/chosen-file';
import { uploadBatch } from './upload-batch';
import { useRequestedDocument } from './use-requested-document';

export interface AdditionalDocumentsProps {
  readonly submissionId: string;
  readonly held: readonly HeldDocument[];
  readonly messages: IslandMessages;
  /** 2 on the claim page; 3 inside a dialog, whose title is the h2. */
  readonly headingLevel?: 2 | 3;
  /** Documents staff asked for, by reason code: a `#send-{code}` link lands on the upload. */
  readonly requested?: Readonly<Record<string, string>>;
}

const NONE_REQUESTED: Readonly<Record<string, string>> = {};

type Sending = { readonly percents: readonly number[] } | undefined;

const MB = 1024 * 1024;
const ACCEPT = '.pdf,.jpg,.jpeg,.png,application/pdf,image/jpeg,image/png';

/** Additional documents for one of the claimant's claims: chosen, checked, then sent as one batch. */
export default function AdditionalDocuments({
  submissionId,
  held: initiallyHeld,
  messages,
  headingLevel = 2,
  requested = NONE_REQUESTED,
}: AdditionalDocumentsProps) {
  const t = islandTranslator(messages);
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const [held, setHeld] = useState(initiallyHeld);
  const [chosen, setChosen] = useState<readonly ChosenFile[]>([]);
  const [errors, setErrors] = useState<readonly string[]>([]);
  const [removing, setRemoving] = useState<number>();
  const [sending, setSending] = useState<Sending>();
  const [sent, setSent] = useState<readonly string[]>([]);
  // One key per chosen batch: sending it again (a double-click, a retry after a lost answer)
  // stores it once. A changed batch is a new action with a new key.
  const batchKey = useRef<string>(undefined);
  const inFlight = useRef(false);
  const errorId = `documents-errors-${submissionId}`;
  const box = useRef<HTMLElement>(null);
  const requestedNow = useRequestedDocument(requested, box);

  const wordsOf = (found: readonly FieldError[]) =>
    found.map((error) => t(error.code, error.params as Record<string, string | number>));

  const choose = async (files: readonly File[]) => {
    const read = await Promise.all(files.map(readChosenFile));
    const { accepted, errors: refused } = sortChosenFiles(read, [...held, ...chosen]);
    const batch = [...chosen, ...accepted];
    batchKey.current = undefined;
    const found = accepted.length > 0 ? additionalDocumentErrors(held, batch) : [];
    setSent([]);
    setErrors(wordsOf([...refused, ...found]));
    if (accepted.length > 0 && found.length === 0) setChosen(batch);
  };

  const submit = async () => {
    if (inFlight.current) return;
    const found = additionalDocumentErrors(held, chosen);
    setErrors(wordsOf(found));
    if (found.length > 0) return;
    inFlight.current = true;
    batchKey.current ??= newIdempotencyKey();
    setSending({ percents: chosen.map(() => 0) });
    try {
      const files = await Promise.all(
        chosen.map(async (c) => ({ name: c.fileName, data: await dataUrlOf(c.file) })),
      );
      const answer = await uploadBatch(
        `/api/claims/${submissionId}/documents`,
        files,
        { ...csrfHeaders(), 'idempotency-key': batchKey.current },
        (percents) => setSending({ percents }),
      );
      if (signOutIfSessionEnded(answer.status, 'files')) return;
      if (answer.status === 201) {
        setHeld([
          ...held,
          ...chosen.map((c) => ({
            fileName: c.fileName,
            size: c.size,
            kind: 'additional' as const,
          })),
        ]);
        setSent(chosen.map((c) => c.fileName));
        setChosen([]);
        batchKey.current = undefined;
        setErrors([]);
      } else {
        setErrors(serverMessages(answer.body) ?? [t('upload.failed')]);
      }
    } catch {
      setErrors([t('upload.failed')]);
    } finally {
      inFlight.current = false;
      setSending(undefined);
    }
  };

  const items = chosen.map((c, index) => ({
    name: c.fileName,
    sizeLabel: t('upload.kb', { size: sizeInKb(c.size) }),
    percent: sending?.percents[index],
  }));

  return (
    <section
      ref={box}
      className="additional-documents"
      aria-labelledby={`additional-documents-title-${submissionId}`}
    >
      <Heading id={`additional-documents-title-${submissionId}`}>{t('upload.heading')}</Heading>
      <HeldList held={held} t={t} headingLevel={headingLevel + 1} />
      <p>{t('upload.intro')}</p>
      {requestedNow && (
        <p className="additional-documents__requested">
          {t('upload.requestedNow', { document: requestedNow })}
        </p>
      )}
      <FileDrop
        labels={{
          legend: t('upload.legend'),
          limits: t('upload.limits', {
            maxCount: DOCUMENT_LIMITS.additionalMaxCount,
            batchMb: DOCUMENT_LIMITS.additionalMaxBatchBytes / MB,
            totalMb: DOCUMENT_LIMITS.additionalMaxTotalBytes / MB,
            claimMax: DOCUMENT_LIMITS.claimMaxCount,
          }),
          dropHere: t('upload.dropHere'),
          choose: t('upload.choose'),
          chosen: t('upload.chosen'),
          remove: t('upload.remove'),
          progress: (percent) => t('upload.progress', { percent }),
        }}
        accept={ACCEPT}
        items={items}
        disabled={sending !== undefined}
        errorId={errors.length > 0 ? errorId : undefined}
        onChoose={(files) => void choose(files)}
        onRemove={setRemoving}
      />
      <ErrorList id={errorId} errors={errors} />
      {sent.length > 0 && (
        <p role="status" className="form-success">
          {t('upload.success', { names: sent.join(', ') })}
        </p>
      )}
      <button
        type="button"
        className="button button--primary"
        disabled={sending !== undefined}
        aria-busy={sending !== undefined}
        onClick={() => void submit()}
      >
        {sending ? t('upload.sending') : t('upload.submit')}
      </button>
      <ConfirmDialog
        open={removing !== undefined}
        title={t('upload.confirmTitle')}
        text={t('upload.confirmText', { name: chosen[removing ?? -1]?.fileName ?? '' })}
        confirmLabel={t('upload.confirmRemove')}
        cancelLabel={t('upload.keep')}
        onConfirm={() => {
          setChosen(chosen.filter((_, index) => index !== removing));
          batchKey.current = undefined;
          setErrors([]);
          setRemoving(undefined);
        }}
        onCancel={() => setRemoving(undefined)}
      />
    </section>
  );
}

function HeldList({
  held,
  t,
  headingLevel,
}: {
  held: readonly HeldDocument[];
  t: ReturnType<typeof islandTranslator>;
  headingLevel: number;
}) {
  if (held.length === 0) return <p>{t('upload.noneHeld')}</p>;
  const Heading = headingLevel === 3 ? 'h3' : 'h4';
  return (
    <>
      <Heading>{t('upload.heldHeading')}</Heading>
      <ul className="held-documents">
        {held.map((document) => (
          <li key={`${document.kind}:${document.fileName}`}>
            <bdi>{document.fileName}</bdi>{' '}
            <span className="held-documents__size">
              {t('upload.kb', { size: sizeInKb(document.size) })}
            </span>
          </li>
        ))}
      </ul>
    </>
  );
}

/** The API's own words for each refused field (problem+json `errors[].message`). */
function serverMessages(body: unknown): string[] | undefined {
  const errors = (body as { errors?: { message?: unknown }[] } | undefined)?.errors;
  const words = errors
    ?.map((error) => error.message)
    .filter((m): m is string => typeof m === 'string');
  return words && words.length > 0 ? words : undefined;
}
