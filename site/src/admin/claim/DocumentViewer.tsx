import { useEffect, useRef, useState } from 'react';
import { fillIsolated } from '@site/ui/isolated-text';
import { ADMIN_TEXT, fill } from '../admin-text';
import { type Opening, VIEWER_ID } from './ClaimDocuments';

const text = ADMIN_TEXT.claim;

const documentPath = (submissionId: string, documentId: string) =>
  `/api/admin/claims/${encodeURIComponent(submissionId)}/documents/${documentId}`;

/**
 * A claim document beside the edit form: a PDF in a frame (the browser's own viewer), an
 * image as an image. The address names this opening, so it is recorded once (decision 060).
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
  const [failed, setFailed] = useState(false);
  const path = documentPath(submissionId, document.sha256);
  const name = document.fileName;

  // biome-ignore lint/correctness/useExhaustiveDependencies: each opening takes the focus once.
  useEffect(() => {
    setFailed(false);
    title.current?.focus();
  }, [viewKey]);

  return (
    <section
      id={VIEWER_ID}
      className="admin-viewer"
      aria-labelledby="document-viewer-title"
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
      {failed ? (
        <p className="form-error" role="alert">
          {text.viewerFailed}
        </p>
      ) : document.contentType === 'application/pdf' ? (
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
          onError={() => setFailed(true)}
        />
      )}
      <p>
        <a href={path} target="_blank" rel="noopener">
          {text.viewerNewTab}
        </a>
      </p>
    </section>
  );
}
