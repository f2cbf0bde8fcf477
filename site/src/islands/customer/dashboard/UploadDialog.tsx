import type { ClaimSummary } from '@contracts/claims/claim-summary';
import { Dialog } from '@site/ui/dialog/Dialog';
import type { IslandMessages, IslandTranslate } from '../../messages';
import { ClaimDocuments } from './ClaimDocuments';

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
  return (
    <Dialog
      open={claim !== undefined}
      title={t('claims.addDocumentsTo', {
        claim: claim?.claimNumber ?? claim?.confirmationNumber ?? '',
      })}
      onClose={onClose}
      className="upload-dialog"
    >
      {claim && <ClaimDocuments submissionId={claim.submissionId} messages={messages} t={t} />}
      <div className="dialog__actions">
        <button type="button" className="button button--secondary" onClick={onClose}>
          {t('claims.close')}
        </button>
      </div>
    </Dialog>
  );
}
