import { type FormEvent, type ReactNode, useEffect, useState } from 'react';
import { describeAdditionalReason } from '@contracts/claims/reasons';
import type { ClaimRecord } from '@services/claims/claim';
import { SkeletonRows } from '@site/ui/skeleton/SkeletonRows';
import { ADMIN_TEXT, fill } from '../admin-text';
import { DetailRows } from '../DetailRows';
import { formatCad, isoMoment } from '../format';
import { staffApi, staffData } from '../staff-api';
import { changeLabel, changeValue, eventLabel } from './audit-changes';
import { type CheckpointVerdict, CheckpointStatus } from './CheckpointStatus';
import { DocumentViews } from './DocumentViews';

interface Props {
  readonly submissionId: string;
  readonly shown: boolean;
  readonly revision: string;
}

interface TimelineEvent {
  readonly version: number;
  readonly type: string;
  readonly occurredAt: string;
  readonly actor: { readonly kind: string; readonly id: string; readonly email?: string };
  readonly changes: readonly {
    readonly field: string;
    readonly from?: unknown;
    readonly to?: unknown;
  }[];
}

interface Timeline {
  readonly chain:
    | { readonly verified: true; readonly events: number }
    | {
        readonly verified: false;
        readonly brokenAtVersion: number;
        readonly reason: keyof typeof ADMIN_TEXT.audit.brokenReasons;
      };
  readonly head: { readonly version: number; readonly hash: string } | null;
  readonly checkpoint: CheckpointVerdict;
  readonly events: readonly TimelineEvent[];
}

type Load = { state: 'loading' } | { state: 'failed' } | { state: 'loaded'; timeline: Timeline };

const text = ADMIN_TEXT.audit;

/** What an event changed that a reader can see: a field going from nothing to nothing is left out. */
const changesOf = (event: TimelineEvent) =>
  event.changes.filter(
    (change) => changeValue(change.field, change.from) !== changeValue(change.field, change.to),
  );

/** The Audit tab: the claim's events (who, when, what from → to), its hash chain, and the claim at any instant. */
export function ClaimAudit({ submissionId, shown: visible, revision }: Props) {
  const [load, setLoad] = useState<Load>({ state: 'loading' });

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new revision asks for a fresh read
  useEffect(() => {
    if (!visible) return undefined;
    const controller = new AbortController();
    setLoad({ state: 'loading' });
    staffData<Timeline>(
      staffApi.GET('/api/admin/claims/{submissionId}/events', {
        params: { path: { submissionId } },
        signal: controller.signal,
      }),
    )
      .then((timeline) => setLoad({ state: 'loaded', timeline }))
      .catch(() => {
        if (!controller.signal.aborted) setLoad({ state: 'failed' });
      });
    return () => controller.abort();
  }, [visible, submissionId, revision]);

  return (
    <section aria-labelledby="audit-title">
      <h2 id="audit-title">{text.title}</h2>
      {load.state === 'loading' && <SkeletonRows label={text.loading} rows={4} />}
      {load.state === 'failed' && (
        <p className="form-error" role="alert">
          {text.error}
        </p>
      )}
      {load.state === 'loaded' && <TimelineView timeline={load.timeline} />}
      <DocumentViews submissionId={submissionId} shown={visible} />
      <AsOf submissionId={submissionId} />
    </section>
  );
}

/** The event the chain breaks at, flagged in the timeline itself. */
const brokenAt = (chain: Timeline['chain'], event: TimelineEvent) =>
  !chain.verified && chain.brokenAtVersion === event.version;

function TimelineView({ timeline }: { timeline: Timeline }) {
  const { chain } = timeline;
  return (
    <>
      <p
        className={
          chain.verified ? 'admin-chain admin-chain--ok' : 'admin-chain admin-chain--broken'
        }
        role="status"
      >
        {chain.verified
          ? fill(text.chainVerified, { count: chain.events })
          : fill(text.chainBroken, {
              version: chain.brokenAtVersion,
              reason: text.brokenReasons[chain.reason],
            })}
      </p>
      <CheckpointStatus head={timeline.head} verdict={timeline.checkpoint} />
      <h3>{text.timeline}</h3>
      <ol className="admin-timeline">
        {timeline.events.map((event) => (
          <li
            key={event.version}
            className={
              brokenAt(chain, event)
                ? 'admin-timeline__event admin-timeline__event--broken'
                : 'admin-timeline__event'
            }
          >
            <p className="admin-timeline__title">
              <strong>{fill(text.version, { version: event.version })}</strong> ·{' '}
              <span title={event.type}>{eventLabel(event.type)}</span> ·{' '}
              <time dateTime={event.occurredAt}>{isoMoment(event.occurredAt)}</time> ·{' '}
              {fill(text.by, {
                who: `${event.actor.email ?? event.actor.id} (${event.actor.kind})`,
              })}
            </p>
            {!chain.verified && brokenAt(chain, event) && (
              <p className="form-error">
                {fill(text.brokenLink, { reason: text.brokenReasons[chain.reason] })}
              </p>
            )}
            {changesOf(event).length === 0 ? (
              <p className="field-hint">{text.noChanges}</p>
            ) : (
              <ul className="admin-timeline__changes">
                {changesOf(event).map((change) => (
                  <li key={change.field}>
                    {changeLabel(change.field)} {text.from}{' '}
                    <span className="admin-timeline__value">
                      {changeValue(change.field, change.from)}
                    </span>{' '}
                    {text.to}{' '}
                    <span className="admin-timeline__value">
                      {changeValue(change.field, change.to)}
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </li>
        ))}
      </ol>
    </>
  );
}

type Replay =
  | { state: 'idle' }
  | { state: 'loading' }
  | { state: 'failed' }
  | { state: 'loaded'; at: string; version: number | null; claim: ClaimRecord | null };

function AsOf({ submissionId }: { submissionId: string }) {
  const [moment, setMoment] = useState('');
  const [error, setError] = useState<string>();
  const [replay, setReplay] = useState<Replay>({ state: 'idle' });

  async function show(event: FormEvent) {
    event.preventDefault();
    const at = new Date(moment);
    if (!moment || Number.isNaN(at.getTime())) {
      setError(text.asOfInvalid);
      return;
    }
    setError(undefined);
    setReplay({ state: 'loading' });
    try {
      const result = await staffData<Omit<Extract<Replay, { state: 'loaded' }>, 'state'>>(
        staffApi.GET('/api/admin/claims/{submissionId}/as-of', {
          params: { path: { submissionId }, query: { at: at.toISOString() } },
        }),
      );
      setReplay({ state: 'loaded', ...result });
    } catch {
      setReplay({ state: 'failed' });
    }
  }

  return (
    <form className="form admin-as-of" noValidate onSubmit={show} aria-labelledby="as-of-title">
      <h3 id="as-of-title">{text.asOfTitle}</h3>
      <div className="field">
        <label htmlFor="as-of-moment">{text.asOfLabel}</label>
        <input
          id="as-of-moment"
          type="datetime-local"
          step="1"
          value={moment}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'as-of-error' : undefined}
          onChange={(e) => setMoment(e.target.value)}
        />
        {error && (
          <p id="as-of-error" className="field-error">
            {error}
          </p>
        )}
      </div>
      <div className="actions">
        <button type="submit" className="button button--secondary">
          {text.asOfSubmit}
        </button>
      </div>
      <div aria-live="polite">
        {replay.state === 'loading' && <SkeletonRows label={text.loading} rows={2} />}
        {replay.state === 'failed' && <p className="form-error">{text.asOfError}</p>}
        {replay.state === 'loaded' && <ReplayedClaim replay={replay} />}
      </div>
    </form>
  );
}

function ReplayedClaim({ replay }: { replay: Extract<Replay, { state: 'loaded' }> }) {
  const { claim, version } = replay;
  if (!claim || version === null) return <p>{text.asOfBefore}</p>;
  const labels = ADMIN_TEXT.claim;
  const rows: [string, ReactNode][] = [
    [labels.status, claim.status],
    [labels.claimNumber, claim.claimNumber || text.empty],
    [labels.benefitAmount, formatCad(claim.benefitAmount)],
    [labels.firstPaymentDate, claim.firstPaymentDate ?? text.empty],
    [labels.lastPaymentDate, claim.lastPaymentDate ?? text.empty],
    [
      labels.additionalReason,
      describeAdditionalReason(claim.additionalReason, 'en').join('; ') || text.empty,
    ],
    [
      labels.letter,
      claim.decisionLetter ? <bdi key="letter">{claim.decisionLetter.fileName}</bdi> : text.empty,
    ],
    [labels.documents, String(claim.documents.length)],
  ];
  return (
    <div className="admin-as-of__result">
      <p>
        <strong>{fill(text.asOfResult, { at: isoMoment(replay.at), version })}</strong>
      </p>
      <dl className="details-list">
        <DetailRows rows={rows} />
      </dl>
    </div>
  );
}
