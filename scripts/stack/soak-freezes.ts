import { postgresProcesses, signalAll } from '@tests/support/frozen-processes';
import type { FaultHooks } from './soak-fault-hooks';
import type { FaultTraits } from './soak-verdicts';
import type { Stack } from './stack';

/**
 * The gray failures of issue 44 (decision 135): a part stopped with SIGSTOP, alive to the
 * kernel (its sockets accept, its sessions stay open) but answering nothing, then continued.
 */
const FROZEN_MS = { leader: 30_000, postgres: 15_000, broker: 30_000 } as const;

/** Processes stopped right now: continued by `thawAll` if the run breaks off mid-freeze. */
const frozenNow = new Set<number>();

export function thawAll(): void {
  signalAll([...frozenNow], 'SIGCONT');
  frozenNow.clear();
}

interface Freeze {
  readonly name: string;
  readonly target: string;
  readonly pids: readonly number[];
  readonly ms: number;
  readonly traits?: FaultTraits;
  /** Catch-up counted from SIGCONT (Postgres: nothing moves while it is stopped). */
  readonly measureFromBack?: boolean;
}

async function freeze(hooks: FaultHooks, spec: Freeze): Promise<void> {
  const fault = hooks.hit(spec.name, spec.target, { frozen: true, ...spec.traits });
  for (const pid of spec.pids) frozenNow.add(pid);
  signalAll(spec.pids, 'SIGSTOP');
  if (!spec.measureFromBack) hooks.measure(fault, fault.at);
  try {
    await new Promise((r) => setTimeout(r, spec.ms));
  } finally {
    signalAll(spec.pids, 'SIGCONT');
    for (const pid of spec.pids) frozenNow.delete(pid);
  }
  fault.back = Date.now();
  if (spec.measureFromBack) hooks.measure(fault, fault.back);
}

/** The projector worker leading the most projections, 30 s: a standby must lead within 10 s. */
export async function freezeLeadingProjector(stack: Stack, hooks: FaultHooks): Promise<void> {
  const leader = [...stack.projectors].sort((a, b) => b.leads().length - a.leads().length)[0];
  const pid = leader?.pid();
  if (!leader || pid === undefined) return hooks.log('  no projector worker to freeze');
  await freeze(hooks, {
    name: `leading projector frozen (SIGSTOP ${FROZEN_MS.leader / 1000} s)`,
    target: leader.name,
    pids: [pid],
    ms: FROZEN_MS.leader,
    // The lease runs out within TTL + TTL/3 (4 s in the stack), then the backlog is applied.
    traits: { projectionsWithinMs: 10_000 },
  });
}

/** The portal that leads the Kafka relay, 30 s: another must publish within 10 s. */
export async function freezeRelayLeader(stack: Stack, hooks: FaultHooks): Promise<void> {
  const index = await relayLeader(stack);
  const portal = index === undefined ? undefined : stack.portals[index];
  const pid = portal?.pid();
  if (!portal || pid === undefined) return hooks.log('  no portal leads the relay: none frozen');
  await freeze(hooks, {
    name: `relay leader frozen (SIGSTOP ${FROZEN_MS.leader / 1000} s)`,
    target: portal.name,
    pids: [pid],
    ms: FROZEN_MS.leader,
    traits: { relayWithinMs: 10_000 },
  });
}

/** A Kafka node that is not the active controller, 30 s. */
export async function freezeBroker(stack: Stack, hooks: FaultHooks): Promise<void> {
  const controller = await stack.kafka.activeController().catch(() => undefined);
  const broker = stack.kafka.nodes.find((n) => n !== controller) ?? stack.kafka.nodes[0];
  const pid = broker?.pid();
  if (!broker || pid === undefined) return hooks.log('  no Kafka node to freeze');
  await freeze(hooks, {
    name: `Kafka broker frozen (SIGSTOP ${FROZEN_MS.broker / 1000} s)`,
    target: `kafka node ${broker.nodeId}`,
    pids: [pid],
    ms: FROZEN_MS.broker,
  });
}

/** The postmaster and every backend, 15 s: portals answer 503 at their deadline meanwhile. */
export async function freezePostgres(stack: Stack, hooks: FaultHooks): Promise<void> {
  await freeze(hooks, {
    name: `Postgres frozen (SIGSTOP ${FROZEN_MS.postgres / 1000} s)`,
    target: 'postgres',
    pids: postgresProcesses(Number(new URL(stack.databaseUrl).port)),
    ms: FROZEN_MS.postgres,
    measureFromBack: true,
  });
}

/** Which running portal says, on its metrics, that it leads the relay. */
async function relayLeader(stack: Stack): Promise<number | undefined> {
  for (const [index, port] of stack.metricsPorts.portals.entries()) {
    if (!stack.portals[index]?.running()) continue;
    const text = await fetch(`http://127.0.0.1:${port}/metrics`, {
      signal: AbortSignal.timeout(3_000),
    }).then(
      (r) => r.text(),
      () => '',
    );
    if (/^claims_kafka_relay_leader 1$/m.test(text)) return index;
  }
  return undefined;
}
