import { useEffect, useState } from 'react';
import type { ClaimSummary } from '@contracts/claims/claim-summary';
import { formatAmount, formatDate, greetingPeriod } from './format';
import { type IslandMessages, islandTranslator } from './messages';
import { StatusBadge } from './StatusBadge';

interface Props {
  readonly lang: string;
  readonly firstName: string;
  readonly messages: IslandMessages;
}

type Load =
  | { state: 'loading' }
  | { state: 'failed' }
  | { state: 'loaded'; claims: ClaimSummary[] };

const GREETING_REFRESH_MS = 2 * 60 * 1000;

export default function ClaimsDashboard({ lang, firstName, messages }: Props) {
  const t = islandTranslator(messages);
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [hour, setHour] = useState(() => new Date().getHours());

  useEffect(() => {
    const timer = setInterval(() => setHour(new Date().getHours()), GREETING_REFRESH_MS);
    return () => clearInterval(timer);
  }, []);

  useEffect(() => {
    const controller = new AbortController();
    fetch('/api/claims', { signal: controller.signal, credentials: 'same-origin' })
      .then(async (response) => {
        if (!response.ok) throw new Error(`HTTP ${response.status}`);
        const body = (await response.json()) as { claims: ClaimSummary[] };
        setLoad({ state: 'loaded', claims: body.claims });
      })
      .catch(() => {
        if (!controller.signal.aborted) setLoad({ state: 'failed' });
      });
    return () => controller.abort();
  }, []);

  return (
    <div className="dashboard">
      <h1>{t(`dashboard.greeting.${greetingPeriod(hour)}`, { firstName })}</h1>
      <section className="panel" aria-labelledby="submit-claim-heading">
        <h2 id="submit-claim-heading">{t('dashboard.submitClaim')}</h2>
        <a className="button button--primary" href={`/${lang}/add-claim`}>
          {t('dashboard.submitClaim')}
        </a>
      </section>
      <section aria-labelledby="recent-claims-heading">
        <h2 id="recent-claims-heading">{t('dashboard.recentClaims')}</h2>
        {load.state === 'loading' && <SkeletonRows label={t('common.loading')} />}
        {load.state === 'failed' && <p role="alert">{t('errors.INTERNAL')}</p>}
        {load.state === 'loaded' && load.claims.length === 0 && <p>{t('dashboard.noClaims')}</p>}
        {load.state === 'loaded' && load.claims.length > 0 && (
          <ClaimsTable claims={load.claims} lang={lang} t={t} />
        )}
      </section>
    </div>
  );
}

function ClaimsTable({
  claims,
  lang,
  t,
}: {
  claims: readonly ClaimSummary[];
  lang: string;
  t: ReturnType<typeof islandTranslator>;
}) {
  return (
    <div className="table-scroll">
      <table className="claims-table">
        <caption className="visually-hidden">{t('dashboard.recentClaims')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('claims.column.claimNumber')}</th>
            <th scope="col">{t('claims.column.product')}</th>
            <th scope="col">{t('claims.column.coverage')}</th>
            <th scope="col">{t('claims.column.benefitAmount')}</th>
            <th scope="col">{t('claims.column.dateSubmitted')}</th>
            <th scope="col">{t('claims.column.status')}</th>
          </tr>
        </thead>
        <tbody>
          {claims.map((claim) => (
            <tr key={claim.submissionId}>
              <td>
                {claim.claimNumber ?? <span title={t('claims.tbdTooltip')}>{t('claims.tbd')}</span>}{' '}
                <a className="claims-table__details" href={`/${lang}/claim/${claim.submissionId}`}>
                  {t('claims.viewDetails')}
                  <span className="visually-hidden">
                    {' '}
                    {claim.claimNumber ?? claim.confirmationNumber}
                  </span>
                </a>
              </td>
              <td>{t(`claims.productType.${claim.productType}`)}</td>
              <td>{t(`claims.claimType.${claim.claimType}`)}</td>
              <td>{formatAmount(claim.benefitAmount, lang)}</td>
              <td>{formatDate(claim.submittedAt, lang)}</td>
              <td>
                <StatusBadge status={claim.status} label={t(`claims.status.${claim.status}`)} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function SkeletonRows({ label }: { label: string }) {
  return (
    <div className="skeleton" role="status" aria-label={label}>
      {[0, 1, 2].map((row) => (
        <div key={row} className="skeleton-row" />
      ))}
    </div>
  );
}
