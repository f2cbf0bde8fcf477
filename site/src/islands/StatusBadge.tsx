import { displayStatus } from '@contracts/claims/catalogue';

/** Pending and any unknown status share the pending look (spec §4). */
export function StatusBadge({ status, label }: { status: string; label: string }) {
  const look = displayStatus(status).toLowerCase().replace(/\s+/g, '-');
  return <span className={`badge badge-${look}`}>{label}</span>;
}
