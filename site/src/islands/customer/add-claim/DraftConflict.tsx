import { useEffect, useRef } from 'react';
import type { DraftAnswers } from '@contracts/claims/claim-draft';
import type { DraftFieldChange } from '@contracts/claims/draft-conflicts';
import type { IslandTranslate } from '../../messages';

const LABELS: Readonly<Record<DraftFieldChange['field'], string>> = {
  policyNumber: 'addClaim.policyNumber',
  productCode: 'addClaim.product',
  productType: 'addClaim.productType',
  claimType: 'addClaim.coverage',
  claimDescription: 'addClaim.description',
  employerFormChecked: 'wizard.employerChecked',
  physicianStatementChecked: 'wizard.physicianChecked',
  documents: 'wizard.documents.title',
};

/** One answer as the summary shows it, in the page language. */
function shown(field: DraftFieldChange['field'], value: unknown, t: IslandTranslate): string {
  if (Array.isArray(value)) return value.length > 0 ? value.join(', ') : t('wizard.summary.none');
  if (typeof value === 'boolean') return t(value ? 'wizard.conflict.yes' : 'wizard.conflict.no');
  const text = String(value ?? '').trim();
  if (text === '') return t('wizard.summary.none');
  if (field === 'productCode') return t(`claims.product.${text}`);
  if (field === 'productType') return t(`claims.productType.${text}`);
  if (field === 'claimType') return t(`claims.claimType.${text}`);
  return text;
}

/** Moves focus to the notice when it appears, so a screen reader and the keyboard land on it. */
function useFocusOnShow() {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return heading;
}

interface ChangedProps {
  readonly changes: readonly DraftFieldChange[];
  /** This tab's answers, to show beside the other tab's. */
  readonly mine: DraftAnswers;
  readonly onTakeTheirs: () => void;
  readonly onKeepMine: () => void;
  readonly t: IslandTranslate;
}

/** Decision 121: the draft changed in another tab; the claimant chooses which answers stay. */
export function ChangedElsewhere({ changes, mine, onTakeTheirs, onKeepMine, t }: ChangedProps) {
  const heading = useFocusOnShow();
  return (
    <div className="notice notice--warning draft-conflict" role="alert">
      <h3 tabIndex={-1} ref={heading}>
        {t('wizard.conflict.title')}
      </h3>
      <p>{t('wizard.conflict.text')}</p>
      {changes.length > 0 && (
        <dl className="draft-conflict__changes">
          {changes.map((change) => (
            <div key={change.field}>
              <dt>{t(LABELS[change.field])}</dt>
              <dd>
                {t('wizard.conflict.theirs', { value: shown(change.field, change.to, t) })}
                {change.field !== 'documents' && (
                  <>
                    <br />
                    {t('wizard.conflict.mine', {
                      value: shown(change.field, mine[change.field], t),
                    })}
                  </>
                )}
              </dd>
            </div>
          ))}
        </dl>
      )}
      <p className="actions">
        <button type="button" className="button button--primary" onClick={onTakeTheirs}>
          {t('wizard.conflict.takeTheirs')}
        </button>
        <button type="button" className="button button--secondary" onClick={onKeepMine}>
          {t('wizard.conflict.keepMine')}
        </button>
      </p>
    </div>
  );
}

interface SubmittedProps {
  readonly lang: string;
  readonly submissionId: string;
  readonly confirmationNumber: string;
  readonly t: IslandTranslate;
}

/**
 * The draft became a claim in another tab: this tab creates nothing and points to that claim.
 * It stands in for the wizard's page, so its heading is an h2 under the page's h1.
 */
export function SubmittedElsewhere({ lang, submissionId, confirmationNumber, t }: SubmittedProps) {
  const heading = useFocusOnShow();
  return (
    <div className="notice notice--warning draft-conflict" role="alert">
      <h2 tabIndex={-1} ref={heading}>
        {t('wizard.closed.title')}
      </h2>
      <p>{t('wizard.closed.text', { confirmationNumber })}</p>
      <p className="actions">
        <a className="button button--primary" href={`/${lang}/claim/${submissionId}`}>
          {t('wizard.closed.open')}
        </a>
        <a className="button button--secondary" href={`/${lang}/dashboard`}>
          {t('addClaim.returnToDashboard')}
        </a>
      </p>
    </div>
  );
}
