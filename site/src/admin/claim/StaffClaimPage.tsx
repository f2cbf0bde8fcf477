import { useCallback, useEffect, useState } from 'react';
import type { ClaimRecord } from '@services/claims/claim';
import { SkeletonRows } from '@site/ui/skeleton/SkeletonRows';
import { Tabs } from '@site/ui/tabs/Tabs';
import { Toast, type ToastMessage } from '@site/ui/toast/Toast';
import { ADMIN_HOME } from '../admin-paths';
import { ADMIN_TEXT, fill } from '../admin-text';
import { StaffApiError, staffApi, versioned } from '../staff-api';
import { AuditExportLinks } from './AuditExportLinks';
import { ClaimAudit } from './ClaimAudit';
import { ClaimDetails } from './ClaimDetails';
import { ClaimHistory } from './ClaimHistory';
import { ClaimReadOnly } from './ClaimReadOnly';
import { CLAIM_TABS, type ClaimTab, claimPageUrl } from './claim-tabs';
import { useLeaveGuard } from './LeaveGuard';

interface Props {
  readonly submissionId: string;
  readonly initialTab: ClaimTab;
  /** An auditor's session: the values as text, no edit control (decision 062). */
  readonly readOnly?: boolean;
}

type Load =
  | { state: 'loading' }
  | { state: 'notFound' }
  | { state: 'failed' }
  | { state: 'loaded'; claim: ClaimRecord; etag: string };

const text = ADMIN_TEXT.claim;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The results page the staff member came from, else the search (our Back button). */
function backTarget(): string {
  try {
    const from = new URL(document.referrer);
    if (from.origin === window.location.origin && from.pathname === '/admin/search') {
      return from.pathname + from.search;
    }
  } catch {
    // No referrer: back to the search.
  }
  return ADMIN_HOME;
}

/** The claim edit page (staff spec §2): Back, then Claim Details, Claims History and Audit tabs. */
export default function StaffClaimPage({ submissionId, initialTab, readOnly = false }: Props) {
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [tab, setTab] = useState<ClaimTab>(initialTab);
  const [dirty, setDirty] = useState(false);
  const [toast, setToast] = useState<ToastMessage>();
  const guard = useLeaveGuard(dirty);
  const dismissToast = useCallback(() => setToast(undefined), []);

  const fetchClaim = useCallback(() => {
    if (!UUID.test(submissionId)) {
      setLoad({ state: 'notFound' });
      return;
    }
    setLoad({ state: 'loading' });
    versioned<ClaimRecord>(
      staffApi.GET('/api/admin/claims/{submissionId}', { params: { path: { submissionId } } }),
    )
      .then(({ body, etag }) => setLoad({ state: 'loaded', claim: body, etag }))
      .catch((error: unknown) =>
        setLoad({
          state: error instanceof StaffApiError && error.status === 404 ? 'notFound' : 'failed',
        }),
      );
  }, [submissionId]);

  useEffect(fetchClaim, [fetchClaim]);

  const selectTab = (index: number) => {
    const next = index as ClaimTab;
    setTab(next);
    window.history.replaceState(null, '', claimPageUrl(submissionId, next));
  };

  const back = (
    <button
      type="button"
      className="button button--secondary"
      onClick={() => guard.leave(backTarget())}
    >
      <span aria-hidden="true">←</span>
      {text.back}
    </button>
  );

  if (load.state !== 'loaded') {
    return (
      <section className="admin-claim" aria-labelledby="claim-title">
        <div className="admin-claim__head">{back}</div>
        <h1 id="claim-title">{text.editTitle}</h1>
        {load.state === 'loading' && <SkeletonRows label={text.loading} rows={6} />}
        {load.state === 'notFound' && (
          <p className="form-error" role="alert">
            {text.notFound}
          </p>
        )}
        {load.state === 'failed' && (
          <div className="form-error" role="alert">
            <p>{text.loadError}</p>
            <button type="button" className="button button--secondary" onClick={fetchClaim}>
              {text.retry}
            </button>
          </div>
        )}
      </section>
    );
  }

  const { claim, etag } = load;
  const reference = claim.claimNumber || claim.confirmationNumber;
  return (
    <section className="admin-claim" aria-labelledby="claim-title">
      <div className="admin-claim__head">{back}</div>
      <h1 id="claim-title">{fill(text.title, { reference })}</h1>
      <Tabs
        label={text.tabsLabel}
        tabs={CLAIM_TABS}
        selected={tab}
        onSelect={selectTab}
        panels={[
          readOnly ? (
            <ClaimReadOnly
              key="details"
              claim={claim}
              onProblem={(message) => setToast({ kind: 'error', text: message, id: Date.now() })}
            />
          ) : (
            <ClaimDetails
              key="details"
              claim={claim}
              etag={etag}
              onDirty={setDirty}
              onSaved={(saved, next) => setLoad({ state: 'loaded', claim: saved, etag: next })}
              onToast={setToast}
            />
          ),
          <ClaimHistory
            key="history"
            submissionId={submissionId}
            shown={tab === 1}
            revision={claim.updatedAt}
          />,
          <div key="audit">
            <ClaimAudit submissionId={submissionId} shown={tab === 2} revision={claim.updatedAt} />
            <AuditExportLinks submissionId={submissionId} />
          </div>,
        ]}
      />
      <Toast toast={toast} dismissLabel={ADMIN_TEXT.messages.dismiss} onDismiss={dismissToast} />
      {guard.dialog}
    </section>
  );
}
