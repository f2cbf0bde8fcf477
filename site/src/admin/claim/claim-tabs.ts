import { ADMIN_TEXT } from '../admin-text';

/** The claim page's tabs, by the numeric `tab` query (staff spec §2: 0 details, 1 history). */
export const CLAIM_TABS = ADMIN_TEXT.claim.tabs;
export type ClaimTab = 0 | 1 | 2;

export function tabFromParam(value: string | null): ClaimTab {
  return value === '1' ? 1 : value === '2' ? 2 : 0;
}

export function claimPageUrl(submissionId: string, tab: ClaimTab = 0): string {
  const params = new URLSearchParams({ id: submissionId });
  if (tab !== 0) params.set('tab', String(tab));
  return `/admin/claim?${params}`;
}
