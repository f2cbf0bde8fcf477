import type { ClaimSummary } from '@contracts/claims/claim-summary';
import { Dialog, DialogCloseRow } from '@site/ui/dialog/Dialog';
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
      {claim && (
        <ClaimDocuments submissionId={claim.submissionId} messages={messages} t={t} focusUpload />
      )}
      <DialogCloseRow label={t('claims.close')} onClose={onClose} />
    </Dialog>
  );
}
