import type { CatchUp } from './catch-up';
import type { HaproxyLine } from './haproxy';
import type { DeliveryChecks } from './soak-checks';
import type { RequestRecord } from './soak-traffic';

export interface Fault {
  readonly name: string;
  /** The process hit (portal-2, projector-1, kafka node 2, postgres). */
  readonly target: string;
  /** Date.now() of the kill (or of the stop, for Postgres). */
  readonly at: number;
  /** Date.now() when the part was back (restarted and serving). */
  back?: number;
  /** Measured from the kill, or from Postgres being back. */
  catchUp?: CatchUp;
}

export interface FailedRequest extends RequestRecord {
  readonly proxy?: HaproxyLine;
  /** What explains it: the fault it overlapped and how, or `unexplained`. */
  readonly explanation: string;
  /** For a claim submission: whether the claim was stored all the same. */
  readonly stored?: boolean;
}

/** Which fault a failed request belongs to, if any. */
export function explain(
  record: RequestRecord,
  proxy: HaproxyLine | undefined,
  faults: readonly Fault[],
): FailedRequest {
  const overlaps = (fault: Fault, slackMs: number) =>
    record.startedAt <= (fault.back ?? fault.at) + slackMs && record.endedAt >= fault.at;
  const portal = faults.find((f) => f.target.startsWith('portal'));
  const inFlight = portal && record.startedAt <= portal.at && record.endedAt >= portal.at;
  if (portal && inFlight && proxy?.server === portal.target) {
    return { ...record, proxy, explanation: `in flight at ${portal.target} when it was killed` };
  }
  // A connection cut while the body was still going up: haproxy writes no line for it.
  if (portal && inFlight && !proxy && record.status === 0) {
    return {
      ...record,
      explanation: `in flight when ${portal.target} was killed (connection cut, no haproxy line)`,
    };
  }
  const postgres = faults.find((f) => f.target === 'postgres');
  // A portal's own 503 (problem+json or the error page), not haproxy's when no portal is up.
  const fromPortal = !proxy || proxy.server.startsWith('portal');
  if (postgres && record.status === 503 && fromPortal && overlaps(postgres, 1_000)) {
    return { ...record, proxy, explanation: 'Postgres down: 503 SERVICE_UNAVAILABLE' };
  }
  return { ...record, proxy, explanation: 'unexplained' };
}

export function verdicts(
  faults: readonly Fault[],
  failed: readonly FailedRequest[],
  records: readonly RequestRecord[],
  deliveries: DeliveryChecks,
): string[] {
  const out: string[] = [];
  const unexplained = failed.filter((f) => f.explanation === 'unexplained');
  if (unexplained.length > 0)
    out.push(`${unexplained.length} failed requests not in flight at a fault`);
  const other4xx = records.filter((r) => r.status >= 400 && r.status < 500);
  if (other4xx.length > 0) out.push(`${other4xx.length} requests refused (4xx)`);
  for (const fault of faults) {
    if (fault.back === undefined)
      out.push(`${fault.target} did not come back after: ${fault.name}`);
    if ((fault.catchUp?.projectionsMs ?? Number.POSITIVE_INFINITY) > 5_000) {
      out.push(`projections caught up ${fault.catchUp?.projectionsMs} ms after: ${fault.name}`);
    }
  }
  out.push(...deliveries.problems);
  return out;
}
