import { useEffect, useState } from 'react';
import { SkeletonRows } from '@site/ui/skeleton/SkeletonRows';
import { fillIsolated } from '@site/ui/isolated-text';
import { ADMIN_TEXT, fill } from '../admin-text';
import { isoMoment } from '../format';
import { staffJson } from '../staff-api';
import { kindLabel } from './ClaimDocuments';

interface DocumentView {
  readonly at: string;
  readonly by: { readonly kind: string; readonly id: string; readonly email?: string };
  readonly event: 'viewed' | 'refused';
  readonly documentId: string;
  readonly fileName: string;
  readonly kind: string;
  readonly copy: 'rendition' | 'original';
  readonly role?: 'agent' | 'auditor';
}

type Chain =
  | { readonly verified: true; readonly events: number }
  | {
      readonly verified: false;
      readonly brokenAt: number;
      readonly reason: keyof typeof ADMIN_TEXT.audit.brokenReasons;
    };

interface Views {
  readonly chain: Chain;
  readonly views: readonly DocumentView[];
}

type Load = { state: 'loading' } | { state: 'failed' } | ({ state: 'loaded' } & Views);

const text = ADMIN_TEXT.audit;

/** One line of the list: a view, a download of the original, or a read refused (decision 127). */
function viewLine(view: DocumentView) {
  const values = {
    who: view.by.email ?? view.by.id,
    role: text.roles[view.role ?? 'unknown'],
    name: view.fileName,
    kind: view.kind === 'decisionLetter' ? text.letterKind : kindLabel(view.kind),
    copy: text.copies[view.copy],
  };
  if (view.event === 'refused') return fillIsolated(text.refused, values, ['name']);
  const template = view.copy === 'original' ? text.downloaded : text.viewed;
  return fillIsolated(template, values, ['name']);
}

/**
 * Every staff opening of the claim's documents and letters, oldest first: who, in which role,
 * when, which copy (decisions 060 and 127); reads refused because the stored bytes did not
 * match their sha256 stand out.
 */
export function DocumentViews({ submissionId, shown }: { submissionId: string; shown: boolean }) {
  const [load, setLoad] = useState<Load>({ state: 'loading' });

  useEffect(() => {
    if (!shown) return undefined;
    const controller = new AbortController();
    setLoad({ state: 'loading' });
    staffJson<Views>(`/api/admin/claims/${submissionId}/document-views`, {
      signal: controller.signal,
    })
      .then(({ chain, views }) => setLoad({ state: 'loaded', chain, views }))
      .catch(() => {
        if (!controller.signal.aborted) setLoad({ state: 'failed' });
      });
    return () => controller.abort();
  }, [shown, submissionId]);

  return (
    <section aria-labelledby="document-views-title">
      <h3 id="document-views-title">{text.viewsTitle}</h3>
      {load.state === 'loading' && <SkeletonRows label={text.viewsLoading} rows={2} />}
      {load.state === 'failed' && (
        <p className="form-error" role="alert">
          {text.viewsError}
        </p>
      )}
      {load.state === 'loaded' && <ChainLine chain={load.chain} />}
      {load.state === 'loaded' && load.views.length === 0 && <p>{text.viewsNone}</p>}
      {load.state === 'loaded' && load.views.length > 0 && (
        <ol className="admin-timeline">
          {load.views.map((view, index) => (
            <li
              // biome-ignore lint/suspicious/noArrayIndexKey: a recorded view never moves.
              key={index}
              className={
                view.event === 'refused'
                  ? 'admin-timeline__event admin-chain admin-chain--broken'
                  : 'admin-timeline__event'
              }
            >
              <time dateTime={view.at}>{isoMoment(view.at)}</time> · {viewLine(view)}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

/** The views' own hash chain: a view deleted or altered in the store is named here. */
function ChainLine({ chain }: { chain: Chain }) {
  if (chain.verified && chain.events === 0) return null;
  return (
    <p
      className={chain.verified ? 'admin-chain admin-chain--ok' : 'admin-chain admin-chain--broken'}
    >
      {chain.verified
        ? fill(text.viewsChainVerified, { count: chain.events })
        : fill(text.viewsChainBroken, {
            number: chain.brokenAt,
            reason: text.brokenReasons[chain.reason],
          })}
    </p>
  );
}
