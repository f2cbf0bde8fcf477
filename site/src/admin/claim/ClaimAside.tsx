import type { ClaimRecord } from '@services/claims/claim';
import type { DocumentViewerState } from './ClaimDocuments';
import { ClaimSummary } from './ClaimSummary';
import { DocumentViewer } from './DocumentViewer';

/** The details grid: summary and edit side share the width equally while a document is open. */
export const detailsClassName = (viewer: DocumentViewerState) =>
  viewer.opening ? 'admin-claim__details admin-claim__details--viewing' : 'admin-claim__details';

/** The claim summary, its documents, and the one open in the viewer, beside the decision. */
export function ClaimAside({
  claim,
  viewer,
}: {
  readonly claim: ClaimRecord;
  readonly viewer: DocumentViewerState;
}) {
  return (
    <div className="admin-claim__aside">
      <ClaimSummary claim={claim} viewer={viewer} />
      {viewer.opening && (
        <DocumentViewer
          submissionId={claim.submissionId}
          opening={viewer.opening}
          onClose={viewer.close}
        />
      )}
    </div>
  );
}
