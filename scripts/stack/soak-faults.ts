import {
  freezeBroker,
  freezeLeadingProjector,
  freezePostgres,
  freezeRelayLeader,
} from './soak-freezes';
import type { FaultHooks } from './soak-fault-hooks';
import type { Stack } from './stack';

type Step = (stack: Stack, hooks: FaultHooks) => Promise<void>;

const sleepUntil = (at: number) =>
  new Promise((r) => setTimeout(r, Math.max(0, at - performance.now())));

/**
 * The kills of decision 075 and the freezes of decision 135, alternated so that two faults of
 * one part never follow each other (a broker frozen while another is still restarting would
 * leave the topic below its minimum in-sync replicas).
 */
const STEPS: readonly Step[] = [
  killPortal,
  freezeLeadingProjector,
  killBroker,
  freezeRelayLeader,
  killLeadingProjector,
  freezeBroker,
  freezePostgres,
  restartPostgres,
];

/** Each step at its share of the run: 8 %, 19 %, 30 % … 85 %, 11 % apart. */
export async function runFaults(stack: Stack, hooks: FaultHooks): Promise<void> {
  for (const [index, step] of STEPS.entries()) {
    await sleepUntil(hooks.at(0.08 + 0.11 * index));
    await step(stack, hooks);
  }
}

/** SIGKILL of portal-2, started again 10 s later. */
async function killPortal(stack: Stack, hooks: FaultHooks): Promise<void> {
  const portal = stack.portals[1];
  if (!portal) return;
  const fault = hooks.hit('portal killed (SIGKILL)', portal.name);
  await portal.kill();
  hooks.measure(fault, fault.at);
  await sleepUntil(performance.now() + 10_000);
  // In the background: a portal's start takes 10–30 s on two busy cores.
  hooks.background(
    stack.restartPortal(1).then(
      () => {
        fault.back = Date.now();
        hooks.log(`  ${portal.name} is serving again`);
      },
      (error: unknown) => hooks.log(`  ${portal.name} did not come back: ${String(error)}`),
    ),
  );
}

/** SIGKILL of the projector worker leading the most projections, started again 5 s later. */
async function killLeadingProjector(stack: Stack, hooks: FaultHooks): Promise<void> {
  const leader = [...stack.projectors].sort((a, b) => b.leads().length - a.leads().length)[0];
  if (!leader) return;
  const fault = hooks.hit('leading projector killed (SIGKILL)', leader.name);
  await leader.kill();
  hooks.measure(fault, fault.at);
  await sleepUntil(performance.now() + 5_000);
  leader.start();
  fault.back = Date.now();
}

/** SIGKILL of a Kafka node that is not the active controller, started again 15 s later. */
async function killBroker(stack: Stack, hooks: FaultHooks): Promise<void> {
  const controller = await stack.kafka.activeController().catch(() => undefined);
  const broker = stack.kafka.nodes.find((n) => n !== controller) ?? stack.kafka.nodes[0];
  if (!broker) return;
  const fault = hooks.hit('Kafka broker killed (SIGKILL)', `kafka node ${broker.nodeId}`);
  await broker.kill();
  hooks.measure(fault, fault.at);
  await sleepUntil(performance.now() + 15_000);
  hooks.background(
    broker.start().then(
      () => {
        fault.back = Date.now();
        hooks.log(`  kafka node ${broker.nodeId} is serving again`);
      },
      (error: unknown) =>
        hooks.log(`  kafka node ${broker.nodeId} did not come back: ${String(error)}`),
    ),
  );
}

/** Postgres stopped (fast shutdown) and started again 3 s later on the same folder and port. */
async function restartPostgres(stack: Stack, hooks: FaultHooks): Promise<void> {
  const fault = hooks.hit('Postgres restarted (fast stop, 3 s down)', 'postgres');
  await stack.postgres.restart(3_000);
  fault.back = Date.now();
  hooks.measure(fault, fault.back);
}
