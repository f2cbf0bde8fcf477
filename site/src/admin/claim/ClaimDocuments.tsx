import { useState } from 'react';
import type { DocumentRef } from '@contracts/claims/documents';
import { DOCUMENT_KIND_LABELS } from '@contracts/claims/messages';
import { newIdempotencyKey } from '@site/islands/idempotency-key';
import { ADMIN_TEXT, fill } from '../admin-text';

const text = ADMIN_TEXT.claim;
const kilobytes = (bytes: number) => `${Math.max(1, Math.round(bytes / 1024))} KB`;

export const kindLabel = (kind: string) =>
  Object.hasOwn(DOCUMENT_KIND_LABELS, kind)
    ? DOCUMENT_KIND_LABELS[kind as keyof typeof DOCUMENT_KIND_LABELS].en
    : kind;

/** One opening of a document: its own key, so the server records it once (decision 060). */
export interface Opening {
  readonly document: DocumentRef;
  readonly viewKey: string;
}

export const VIEWER_ID = 'document-viewer';
const buttonId = (document: DocumentRef) => `document-${document.sha256}`;

/** Which document the viewer shows; closing it gives focus back to the document's button. */
export function useDocumentViewer() {
  const [opening, setOpening] = useState<Opening>();
  const open = (document: DocumentRef) => {
    if (opening?.document.sha256 !== document.sha256) {
      setOpening({ document, viewKey: newIdempotencyKey() });
    }
  };
  const close = () => {
    if (!opening) return;
    const id = buttonId(opening.document);
    setOpening(undefined);
    requestAnimationFrame(() => window.document.getElementById(id)?.focus());
  };
  return { opening, open, close };
}

export type DocumentViewerState = ReturnType<typeof useDocumentViewer>;

/** The claimant's documents, initial and additional; each opens in the viewer beside the form. */
export function ClaimDocuments({
  documents,
  viewer,
}: {
  readonly documents: readonly DocumentRef[];
  readonly viewer: DocumentViewerState;
}) {
  if (documents.length === 0) return <>{text.noDocuments}</>;
  return (
    <>
      <p className="field-hint">{text.documentsHint}</p>
      <ul className="admin-claim__documents">
        {documents.map((document) => {
          const shown = viewer.opening?.document.sha256 === document.sha256;
          return (
            <li key={document.key}>
              <button
                type="button"
                id={buttonId(document)}
                className="link-button"
                aria-expanded={shown}
                aria-controls={shown ? VIEWER_ID : undefined}
                onClick={() => viewer.open(document)}
              >
                <bdi>{document.fileName}</bdi>
              </button>{' '}
              <span className="field-hint">
                (
                {fill(text.documentDetails, {
                  kind: kindLabel(document.kind),
                  size: kilobytes(document.size),
                })}
                )
              </span>
            </li>
          );
        })}
      </ul>
    </>
  );
}
