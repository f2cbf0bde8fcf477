import type { ClaimSummary } from '@contracts/claims/claim-summary';
import type { Sort, SortValue } from '@site/ui/data-table/table-state';
import type { IslandTranslate } from '../../messages';

export const SORTABLE_COLUMNS = [
  'claimNumber',
  'product',
  'coverage',
  'benefitAmount',
  'dateSubmitted',
  'status',
] as const;
export type ClaimColumn = (typeof SORTABLE_COLUMNS)[number];

/** The dictionary key of each column's header. */
export const HEADERS: Readonly<Record<ClaimColumn, string>> = {
  claimNumber: 'claims.column.claimNumber',
  product: 'claims.column.product',
  coverage: 'claims.column.coverage',
  benefitAmount: 'claims.column.benefitAmount',
  dateSubmitted: 'claims.column.dateSubmitted',
  status: 'claims.column.status',
};

/** What a claim's row or card needs besides the claim. */
export interface ClaimViewProps {
  readonly lang: string;
  readonly t: IslandTranslate;
  readonly onAddDocuments: (claim: ClaimSummary) => void;
  readonly onViewDetails: (claim: ClaimSummary) => void;
}

/**
 * Claim number, highest first, with claims still waiting for a number (the newest) on top:
 * both the spec's "default sort field is claim number" and its "newest first" (decision 026).
 */
export const DEFAULT_SORT: Sort<ClaimColumn> = { key: 'claimNumber', direction: 'descending' };

// Sorts after every claim number, so descending puts claims without one first.
const NO_NUMBER_YET = '\uffff';

/** What a column sorts by: the words the claimant reads, not the codes behind them. */
export function claimColumnValue(
  claim: ClaimSummary,
  column: ClaimColumn,
  t: (key: string) => string,
): SortValue {
  switch (column) {
    case 'claimNumber':
      return claim.claimNumber ?? NO_NUMBER_YET;
    case 'product':
      return t(`claims.productType.${claim.productType}`);
    case 'coverage':
      return t(`claims.claimType.${claim.claimType}`);
    case 'benefitAmount':
      return claim.benefitAmount;
    case 'dateSubmitted':
      return claim.submittedAt;
    case 'status':
      return t(`claims.status.${claim.status}`);
    default: {
      const unknown: never = column;
      throw new Error(`no such column: ${String(unknown)}`);
    }
  }
}
