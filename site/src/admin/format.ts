import { formatAmount } from '@site/islands/format';

const DAY = new Intl.DateTimeFormat('en-CA', { year: 'numeric', month: '2-digit', day: '2-digit' });
const MOMENT = new Intl.DateTimeFormat('en-CA', {
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hour12: false,
});

/** YYYY-MM-DD in the staff member's time zone (staff spec: history dates as YYYY-MM-DD). */
export function isoDay(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : DAY.format(date);
}

/** YYYY-MM-DD, hh:mm:ss in the staff member's time zone, for the audit timeline. */
export function isoMoment(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : MOMENT.format(date);
}

/** CAD with 2 decimals and a $ prefix (staff spec §9). */
export const formatCad = (amount: number) => formatAmount(amount, 'en');
