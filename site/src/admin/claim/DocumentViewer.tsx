import { useEffect, useRef, useState } from 'react';
import { newIdempotencyKey } from '@site/islands/idempotency-key';
import { fillIsolated } from '@site/ui/isolated-text';
import { ADMIN_TEXT, fill } from '../admin-text';
import { StaffApiError, staffFetch } from '../staff-api';
import { type Opening, VIEWER_ID } from './ClaimDocuments';

const text = ADMIN_TEXT.claim;

const documentPath = (submissionId: string, documentId: string) =>
  `/api/admin/claims/${encodeURIComponent(submissionId)}/documents/${documentId}`;

/** Refusals the server words itself: bytes that do not match their sha256, no safe copy. */
const WORDED_REFUSALS = new Set(['documents.integrityFailed', 'documents.cannotBeShown']);

type Check =
  | { readonly state: 'checking' }
  | { readonly state: 'ready' }
  | { readonly state: 'refused'; readonly message: string }
  | { readonly state: 'failed' };

/** What the viewer says when the read is refused: the server's words, in the reader's language. */
function refusalOf(error: unknown): Check {
  if (!(error instanceof StaffApiError)) return { state: 'failed' };
  const worded = error.errors.find((problem) => WORDED_REFUSALS.has(problem.code));
  if (!worded) return { state: 'failed' };
  const integrity = worded.code === 'documents.integrityFailed';
  return {
    state: 'refused',
    message: worded.message ?? (integrity ? text.viewerIntegrity : text.viewerFailed),
  };
}

/**
 * A claim document beside the edit form: its safe copy (decision 127), a PDF in a frame (the
 * browser's own viewer), an image as an image. The copy is fetched once first, so a refused
 * read is said in words rather than shown as a raw answer in the frame; the frame then asks
 * with the same opening key, which the server records once (decision 060).
 */
export function DocumentViewer({
  submissionId,
  opening,
  onClose,
}: {
  readonly submissionId: string;
  readonly opening: Opening;
  readonly onClose: () => void;
}) {
  const { document, viewKey } = opening;
  const title = useRef<HTMLHeadingElement>(null);
  const [check, setCheck] = useState<Check>({ state: 'checking' });
  const path = documentPath(submissionId, document.sha256);
  const name = document.fileName;

  // biome-ignore lint/correctness/useExhaustiveDependencies: each opening takes the focus once.
  useEffect(() => {
    title.current?.focus();
    const controller = new AbortController();
    setCheck({ state: 'checking' });
    staffFetch(`${path}?view=${viewKey}`, { signal: controller.signal })
      .then(() => setCheck({ state: 'ready' }))
      .catch((error: unknown) => {
        if (!controller.signal.aborted) setCheck(refusalOf(error));
      });
    return () => controller.abort();
  }, [viewKey]);

  return (
    <section
      id={VIEWER_ID}
      className="admin-viewer"
      aria-labelledby="document-viewer-title"
      aria-busy={check.state === 'checking'}
      onKeyDown={(event) => {
        if (event.key === 'Escape') onClose();
      }}
    >
      <div className="admin-viewer__head">
        <h2 id="document-viewer-title" ref={title} tabIndex={-1}>
          {fillIsolated(text.viewerTitle, { name })}
        </h2>
        <button type="button" className="button button--secondary" onClick={onClose}>
          {text.viewerClose}
        </button>
      </div>
      {check.state === 'checking' && <p role="status">{text.viewerChecking}</p>}
      {check.state === 'refused' && (
        <p className="form-error" role="alert">
          {check.message}
        </p>
      )}
      {check.state === 'failed' && (
        <p className="form-error" role="alert">
          {text.viewerFailed}
        </p>
      )}
      {check.state === 'ready' && (
        <>
          <p className="field-hint">{text.viewerSafeCopy}</p>
          {document.contentType === 'application/pdf' ? (
            <iframe
              key={viewKey}
              className="admin-viewer__frame"
              src={`${path}?view=${viewKey}`}
              title={fill(text.viewerFrame, { name })}
            />
          ) : (
            <img
              key={viewKey}
              className="admin-viewer__image"
              src={`${path}?view=${viewKey}`}
              alt={fill(text.viewerImage, { name })}
              onError={() => setCheck({ state: 'failed' })}
            />
          )}
          <p>
            <a href={path} target="_blank" rel="noopener">
              {text.viewerNewTab}
            </a>
          </p>
        </>
      )}
      <OriginalDownload path={path} />
    </section>
  );
}

/** "Download original": an attachment, each click its own recorded download (decision 127). */
function OriginalDownload({ path }: { readonly path: string }) {
  return (
    <p>
      <a
        href={`${path}/original`}
        download
        aria-describedby="download-original-hint"
        onClick={(event) => {
          event.currentTarget.href = `${path}/original?view=${newIdempotencyKey()}`;
        }}
      >
        {text.downloadOriginal}
      </a>
      <br />
      <span id="download-original-hint" className="field-hint">
        {text.downloadOriginalHint}
      </span>
    </p>
  );
}
