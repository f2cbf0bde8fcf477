import { useEffect, useRef, useState } from 'react';
import { customerApi } from '../../api-client';
import type { HeldDocument } from '@contracts/claims/document-rules';
import AdditionalDocuments from '../additional-documents/AdditionalDocuments';
import type { IslandMessages, IslandTranslate } from '../../messages';

type Held =
  | { state: 'loading' }
  | { state: 'failed' }
  | { state: 'loaded'; documents: HeldDocument[] };

/** A claim's documents, read when shown, with the additional-documents upload under them. */
export function ClaimDocuments({
  submissionId,
  messages,
  t,
  focusUpload = false,
}: {
  submissionId: string;
  messages: IslandMessages;
  t: IslandTranslate;
  /** Opened to add documents: focus goes to the file control once it is there. */
  focusUpload?: boolean;
}) {
  const [held, setHeld] = useState<Held>({ state: 'loading' });
  const box = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!focusUpload || held.state !== 'loaded') return;
    box.current?.querySelector<HTMLInputElement>('input[type="file"]')?.focus();
  }, [focusUpload, held.state]);

  useEffect(() => {
    setHeld({ state: 'loading' });
    const controller = new AbortController();
    customerApi
      .GET('/api/claims/{submissionId}/documents', {
        params: { path: { submissionId } },
        signal: controller.signal,
      })
      .then(({ data, response }) => {
        if (!data) throw new Error(`HTTP ${response.status}`);
        setHeld({ state: 'loaded', documents: data.documents });
      })
      .catch(() => {
        if (!controller.signal.aborted) setHeld({ state: 'failed' });
      });
    return () => controller.abort();
  }, [submissionId]);

  if (held.state === 'loading') return <p role="status">{t('claims.loadingDocuments')}</p>;
  if (held.state === 'failed') return <p role="alert">{t('errors.INTERNAL')}</p>;
  return (
    <div ref={box}>
      <AdditionalDocuments
        submissionId={submissionId}
        held={held.documents}
        messages={messages}
        headingLevel={3}
      />
    </div>
  );
}
