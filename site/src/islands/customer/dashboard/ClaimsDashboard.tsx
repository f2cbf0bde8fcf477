import { useCallback, useEffect, useState } from 'react';
import type { ClaimSummary } from '@contracts/claims/claim-summary';
import { greetingPeriod, hourIn } from '../../format';
import { ReaderZone, useReaderZone } from '../../time/LocalDate';
import { customerApi } from '../../api-client';
import { type IslandMessages, islandTranslator } from '../../messages';
import { SkeletonRows } from '@site/ui/skeleton/SkeletonRows';
import { ClaimsTable } from './ClaimsTable';
import { ClaimDetailsDialog } from './ClaimDetailsDialog';
import { UploadDialog } from './UploadDialog';

interface Props {
  readonly lang: string;
  readonly firstName: string;
  readonly messages: IslandMessages;
  /** The claims as the server read them for the page, so they are in its HTML (no shift). */
  readonly initialClaims?: ClaimSummary[];
  /** The reader's zone as the server knew it (decision 122): the HTML's dates and greeting. */
  readonly timeZone: string;
}

type Load =
  | { state: 'loading' }
  | { state: 'failed' }
  | { state: 'loaded'; claims: ClaimSummary[] };

const GREETING_REFRESH_MS = 2 * 60 * 1000;

/** The claimant's dashboard: greeting, their claims and the additional-documents upload. */
export default function ClaimsDashboard({
  lang,
  firstName,
  messages,
  initialClaims,
  timeZone,
}: Props) {
  const t = islandTranslator(messages);
  const [load, setLoad] = useState<Load>(() =>
    initialClaims ? { state: 'loaded', claims: initialClaims } : { state: 'loading' },
  );
  const zone = useReaderZone(timeZone);
  const [hour, setHour] = useState(() => hourIn(new Date(), timeZone));
  const [uploadFor, setUploadFor] = useState<ClaimSummary>();
  const [detailsFor, setDetailsFor] = useState<ClaimSummary>();

  const letterRead = (submissionId: string) => {
    const read = (claim: ClaimSummary) =>
      claim.submissionId === submissionId ? { ...claim, decisionLetterRead: true } : claim;
    setLoad((current) =>
      current.state === 'loaded' ? { ...current, claims: current.claims.map(read) } : current,
    );
    setDetailsFor((current) => current && read(current));
  };

  // The greeting follows the same clock as the dates: the reader's zone.
  useEffect(() => {
    setHour(hourIn(new Date(), zone));
    const timer = setInterval(() => setHour(hourIn(new Date(), zone)), GREETING_REFRESH_MS);
    return () => clearInterval(timer);
  }, [zone]);

  const loadClaims = useCallback((signal?: AbortSignal) => {
    setLoad({ state: 'loading' });
    customerApi
      .GET('/api/claims', { signal })
      .then(({ data, response }) => {
        if (!data) throw new Error(`HTTP ${response.status}`);
        setLoad({ state: 'loaded', claims: data.claims });
      })
      .catch(() => {
        if (!signal?.aborted) setLoad({ state: 'failed' });
      });
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: only a page without the server's read loads them here
  useEffect(() => {
    if (initialClaims) return;
    const controller = new AbortController();
    loadClaims(controller.signal);
    return () => controller.abort();
  }, [loadClaims]);

  return (
    <ReaderZone zone={zone}>
      <div className="dashboard">
        <h1>{t(`dashboard.greeting.${greetingPeriod(hour)}`, { firstName })}</h1>
        <section className="panel" aria-labelledby="submit-claim-heading">
          <h2 id="submit-claim-heading">{t('dashboard.submitClaim')}</h2>
          <p>{t('dashboard.submitIntro')}</p>
          <a className="button button--primary" href={`/${lang}/add-claim`}>
            {t('dashboard.submitClaim')}
          </a>
        </section>
        <section aria-labelledby="recent-claims-heading">
          <h2 id="recent-claims-heading">{t('dashboard.recentClaims')}</h2>
          {load.state === 'loading' && <SkeletonRows label={t('common.loading')} />}
          {load.state === 'failed' && (
            <div className="inline-error" role="alert">
              <p>{t('dashboard.loadFailed')}</p>
              <button
                type="button"
                className="button button--secondary"
                onClick={() => loadClaims()}
              >
                {t('dashboard.retry')}
              </button>
            </div>
          )}
          {load.state === 'loaded' && load.claims.length === 0 && <p>{t('dashboard.noClaims')}</p>}
          {load.state === 'loaded' && load.claims.length > 0 && (
            <ClaimsTable
              claims={load.claims}
              lang={lang}
              t={t}
              onAddDocuments={setUploadFor}
              onViewDetails={setDetailsFor}
            />
          )}
        </section>
        <ClaimDetailsDialog
          claim={detailsFor}
          lang={lang}
          messages={messages}
          t={t}
          onLetterRead={letterRead}
          onClose={() => setDetailsFor(undefined)}
        />
        <UploadDialog
          claim={uploadFor}
          messages={messages}
          t={t}
          onClose={() => setUploadFor(undefined)}
        />
      </div>
    </ReaderZone>
  );
}
