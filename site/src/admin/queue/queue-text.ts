import type { ClaimStatus } from '@contracts/claims/catalogue';
import { interpolate } from '@site/i18n/interpolate';

/** The work queue's words; English like the rest of the staff portal (decision 064). */
export const QUEUE_TEXT = {
  title: 'Work queue',
  intro: 'Claims in each status. Each count opens those claims, waiting longest first.',
  countsLabel: 'Claims by status',
  open: 'All open claims',
  openHint: 'Submitted, Pending or In Progress',
  claims: { one: '{count} claim', other: '{count} claims' },
  filterLegend: 'Status',
  filterHint: 'Tick none for claims in any status.',
  order: 'Order',
  orders: { newest: 'Newest first', oldest: 'Waiting longest first' },
  criteria: '{statuses} · {order}',
} as const;

const NUMBER = new Intl.NumberFormat('en-CA');
const PLURAL = new Intl.PluralRules('en-CA');

/** "1 claim", "12,345 claims". */
export function claimCount(count: number): string {
  const form = PLURAL.select(count) === 'one' ? 'one' : 'other';
  return interpolate(QUEUE_TEXT.claims[form], { count: NUMBER.format(count) });
}

/** How a status filter reads in a caption: "Pending or In Progress". */
export const statusesText = (statuses: readonly ClaimStatus[]) =>
  new Intl.ListFormat('en-CA', { type: 'disjunction' }).format(statuses);
