import type { ClaimStatus } from '@contracts/claims/catalogue';
import { resultsUrl } from '../search/search-query';

/** The work queue of these statuses: the results page, waiting longest first. */
export const queueUrl = (statuses: readonly ClaimStatus[]) =>
  resultsUrl({ statuses, order: 'oldest' });
