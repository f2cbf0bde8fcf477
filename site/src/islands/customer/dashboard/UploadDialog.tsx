import { useEffect, useState } from 'react';
import type { HeldDocument } from '@contracts/claims/document-rules';
import type { ClaimSummary } from '@contracts/claims/claim-summary';
import { Dialog } from '@site/ui/dialog/Dialog';
import AdditionalDocuments from '../additional-documents/AdditionalDocuments';
import type { IslandMessages, IslandTranslate } from '../../messages';

type Held =
  | { state: 'loading' }
  | { state: 'failed' }
  | { state: 'loaded'; documents: HeldDocument[] };

/** The additional-documents upload for one claim, in a modal opened from the dashboard. */
export function UploadDialog({
  claim,
  messages,
  t,
  onClose,
}: {
  claim: ClaimSummary | undefined;
  messages: IslandMessages;
  t: IslandTranslate;
  onClose: () => void;
}) {
  const [held, setHeld] = useState<Held>({ state: 'loading' });
  const submissionId = claim?.submissionId;

  useEffect(() => {
    if (!submissionId) return;
    setHeld({ state: 'loading' });
    const controller = new AbortController();
    fetch(`/api/claims/${submissionId}/documents`, { signal: controller.signal })
      .then(async (response) => {
        if (!response.ok) throw new Error(`HTTP ${response.status}`);
        setHeld({ state: 'loaded', documents: (await response.json()).documents });
      })
      .catch(() => {
        if (!controller.signal.aborted) setHeld({ state: 'failed' });
      });
    return () => controller.abort();
  }, [submissionId]);

  return (
    <Dialog
      open={claim !== undefined}
      title={t('claims.addDocumentsTo', {
        claim: claim?.claimNumber ?? claim?.confirmationNumber ?? '',
      })}
      onClose={onClose}
      className="upload-dialog"
    >
      {held.state === 'loading' && <p role="status">{t('claims.loadingDocuments')}</p>}
      {held.state === 'failed' && <p role="alert">{t('errors.INTERNAL')}</p>}
      {held.state === 'loaded' && submissionId && (
        <AdditionalDocuments
          submissionId={submissionId}
          held={held.documents}
          messages={messages}
          headingLevel={3}
        />
      )}
      <div className="dialog__actions">
        <button type="button" className="button button--secondary" onClick={onClose}>
          {t('claims.close')}
        </button>
      </div>
    </Dialog>
  );
}
