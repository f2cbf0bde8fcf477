import pg from 'pg';
import { catchUpProbe } from './catch-up';
import { type DeliveryChecks, deliveryChecks } from './soak-checks';
import { type RequestRecord, soakTraffic } from './soak-traffic';
import { runFaults } from './soak-faults';
import {
  explain,
  type FailedRequest,
  type Fault,
  type FaultTraits,
  pastDeadline,
  verdicts,
} from './soak-verdicts';
import type { Stack } from './stack';

export interface SoakOptions {
  readonly seconds: number;
  readonly customers?: number;
  readonly staff?: number;
  readonly thinkMs?: number;
  readonly log?: (line: string) => void;
}

export interface SoakResult {
  readonly seconds: number;
  readonly customers: number;
  readonly staff: number;
  readonly requests: number;
  readonly byStatus: ReadonlyMap<string, number>;
  readonly failed: readonly FailedRequest[];
  readonly faults: readonly Fault[];
  readonly deliveries: DeliveryChecks;
  readonly claimsAccepted: number;
  /** Date.now() when the load began. */
  readonly startedAt: number;
  /** 4xx answers: the journeys expect none. */
  readonly refused: readonly RequestRecord[];
  /** The portals' REQUEST_DEADLINE_MS, and the requests whose client waited past it + 1 s. */
  readonly deadlineMs: number;
  readonly late: readonly RequestRecord[];
  /** The longest any request took, as its client timed it. */
  readonly slowestMs: number;
  readonly failures: readonly string[];
}

/**
 * Mixed load for `seconds` while the kills and freezes of `runFaults` hit (decisions 075, 135); then the
 * catch-up after each, every failed request's cause, and the Kafka and mail checks.
 */
export async function runSoak(stack: Stack, options: SoakOptions): Promise<SoakResult> {
  const log = options.log ?? (() => {});
  const customers = options.customers ?? 6;
  const staff = options.staff ?? 2;
  const traffic = soakTraffic({
    base: stack.publicUrl,
    smtp: stack.smtp,
    customers,
    staff,
    thinkMs: options.thinkMs ?? 1_000,
  });
  const probe = catchUpProbe(stack.databaseUrl);
  const startedAtEpoch = Date.now();
  const startedAt = performance.now();
  const ms = options.seconds * 1_000;
  const deadline = startedAt + ms;
  const faults: Fault[] = [];
  const measures: Promise<unknown>[] = [];
  const at = (share: number) => startedAt + ms * share;

  const running = traffic.run(deadline);
  const schedule = runFaults(stack, {
    at,
    hit: (name, target, traits) => hit(faults, name, target, traits),
    measure: (fault, since) => measures.push(measure(fault, since)),
    background: (work) => measures.push(work),
    log,
  });

  function hit(list: Fault[], name: string, target: string, traits?: FaultTraits): Fault {
    const fault: Fault = { name, target, at: Date.now(), ...traits };
    list.push(fault);
    log(`[${((performance.now() - startedAt) / 1000).toFixed(0)} s] ${name}: ${target}`);
    return fault;
  }
  async function measure(fault: Fault, since: number) {
    fault.catchUp = await probe.measure(since);
    log(
      `  caught up after ${fault.name}: projections ${fault.catchUp.projectionsMs} ms, relay ${fault.catchUp.relayMs} ms`,
    );
  }

  await Promise.all([running, schedule]);
  await Promise.all(measures);
  log('load over; waiting for Kafka, the notifications and mail to drain…');
  const deliveries = await deliveryChecks(stack, log);
  await probe.close();

  const byId = new Map(stack.proxyLog.map((line) => [line.requestId, line]));
  const explained = traffic.records
    .filter((r) => r.status === 0 || r.status >= 500)
    .map((r) => explain(r, byId.get(r.id), faults));
  const stored = await storedPolicies(
    stack.databaseUrl,
    explained.flatMap((r) => (r.policyNumber ? [r.policyNumber] : [])),
  );
  const failed = explained.map((r) =>
    r.policyNumber ? { ...r, stored: stored.has(r.policyNumber) } : r,
  );
  const byStatus = new Map<string, number>();
  for (const r of traffic.records) {
    const key =
      r.status >= 400 || r.status === 0 ? `${r.status} ${r.cause ?? ''}`.trim() : `${r.status}`;
    byStatus.set(key, (byStatus.get(key) ?? 0) + 1);
  }
  const deadlineMs = stack.requestDeadlineMs;
  const failures = verdicts(faults, failed, traffic.records, deliveries, deadlineMs);
  return {
    seconds: options.seconds,
    customers,
    staff,
    requests: traffic.records.length,
    byStatus,
    failed,
    faults,
    deliveries,
    claimsAccepted: traffic.submitted(),
    startedAt: startedAtEpoch,
    refused: traffic.records.filter((r) => r.status >= 400 && r.status < 500),
    deadlineMs,
    late: pastDeadline(traffic.records, deadlineMs),
    slowestMs: Math.max(0, ...traffic.records.map((r) => r.endedAt - r.startedAt)),
    failures,
  };
}

/** Which of these claim submissions were stored all the same (a cut answer says nothing). */
async function storedPolicies(databaseUrl: string, numbers: string[]): Promise<Set<string>> {
  if (numbers.length === 0) return new Set();
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 1 });
  try {
    const { rows } = await pool.query<{ policy_number: string }>(
      'select policy_number from claims where policy_number = any($1)',
      [numbers],
    );
    return new Set(rows.map((r) => r.policy_number));
  } finally {
    await pool.end();
  }
}
