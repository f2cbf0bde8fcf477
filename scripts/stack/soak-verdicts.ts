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
  /** Measured from the kill or freeze, or from Postgres being back. */
  catchUp?: CatchUp;
  /** Stopped (SIGSTOP) and continued, not killed: it kept its connections and state. */
  readonly frozen?: boolean;
  /** How long the projections may take to catch up after it (5 s unless said). */
  readonly projectionsWithinMs?: number;
  /** How long the relay may take, when the fault is the relay's (unchecked unless said). */
  readonly relayWithinMs?: number;
}

/** A fault's extras, as its step declares them. */
export type FaultTraits = Pick<Fault, 'frozen' | 'projectionsWithinMs' | 'relayWithinMs'>;

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
  const explained = (explanation: string): FailedRequest => ({ ...record, proxy, explanation });
  const overlaps = (fault: Fault, slackMs: number) =>
    record.startedAt <= (fault.back ?? fault.at) + slackMs && record.endedAt >= fault.at;
  for (const portal of faults.filter((f) => f.target.startsWith('portal'))) {
    if (portal.frozen) {
      // haproxy sent it there before its checks took the portal out, and answered 504 at the
      // portal's deadline for it (decision 135).
      if (proxy?.server === portal.target && overlaps(portal, 0))
        return explained(`sent to ${portal.target} while it was frozen`);
      continue;
    }
    const inFlight = record.startedAt <= portal.at && record.endedAt >= portal.at;
    if (inFlight && proxy?.server === portal.target)
      return explained(`in flight at ${portal.target} when it was killed`);
    // A connection cut while the body was still going up: haproxy writes no line for it.
    if (inFlight && !proxy && record.status === 0)
      return explained(
        `in flight when ${portal.target} was killed (connection cut, no haproxy line)`,
      );
  }
  // A portal's own 503 (problem+json or the error page), not haproxy's when no portal is up.
  const fromPortal = !proxy || proxy.server.startsWith('portal');
  for (const postgres of faults.filter((f) => f.target === 'postgres')) {
    if (!overlaps(postgres, 1_000)) continue;
    const state = postgres.frozen ? 'frozen' : 'down';
    if (record.status === 503 && fromPortal)
      return explained(`Postgres ${state}: 503 SERVICE_UNAVAILABLE`);
    // The portal's own 503 at its deadline lost the race with haproxy's, half a second later.
    if (record.status === 504 && proxy?.server.startsWith('portal'))
      return explained(`Postgres ${state}: 504 from haproxy at the portal's deadline`);
  }
  return explained('unexplained');
}

/** Requests whose client waited past the portals' deadline and a second of slack. */
export function pastDeadline(
  records: readonly RequestRecord[],
  deadlineMs: number,
): RequestRecord[] {
  if (deadlineMs <= 0) return [];
  return records.filter((r) => r.endedAt - r.startedAt > deadlineMs + 1_000);
}

export function verdicts(
  faults: readonly Fault[],
  failed: readonly FailedRequest[],
  records: readonly RequestRecord[],
  deliveries: DeliveryChecks,
  deadlineMs: number,
): string[] {
  const out: string[] = [];
  const late = pastDeadline(records, deadlineMs);
  if (late.length > 0) {
    const slowest = Math.max(...late.map((r) => r.endedAt - r.startedAt));
    out.push(
      `${late.length} requests answered past their deadline + 1 s (${deadlineMs + 1_000} ms; the slowest took ${slowest} ms)`,
    );
  }
  const unexplained = failed.filter((f) => f.explanation === 'unexplained');
  if (unexplained.length > 0)
    out.push(`${unexplained.length} failed requests not in flight at a fault`);
  const other4xx = records.filter((r) => r.status >= 400 && r.status < 500);
  if (other4xx.length > 0) out.push(`${other4xx.length} requests refused (4xx)`);
  for (const fault of faults) {
    if (fault.back === undefined)
      out.push(`${fault.target} did not come back after: ${fault.name}`);
    if (
      (fault.catchUp?.projectionsMs ?? Number.POSITIVE_INFINITY) >
      (fault.projectionsWithinMs ?? 5_000)
    ) {
      out.push(`projections caught up ${fault.catchUp?.projectionsMs} ms after: ${fault.name}`);
    }
    const relayMs = fault.catchUp?.relayMs ?? Number.POSITIVE_INFINITY;
    if (fault.relayWithinMs !== undefined && relayMs > fault.relayWithinMs) {
      out.push(`the relay caught up ${fault.catchUp?.relayMs} ms after: ${fault.name}`);
    }
  }
  out.push(...deliveries.problems);
  return out;
}
