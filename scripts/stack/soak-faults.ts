import type { Fault } from './soak-verdicts';
import type { Stack } from './stack';

export interface FaultHooks {
  /** performance.now() at this share of the run. */
  readonly at: (share: number) => number;
  /** Records a fault as it begins. */
  readonly hit: (name: string, target: string) => Fault;
  /** Starts measuring catch-up from `since` (Date.now()). */
  readonly measure: (fault: Fault, since: number) => void;
  /** Work the run waits for before its checks (a restart that takes a while). */
  readonly background: (work: Promise<unknown>) => void;
  readonly log: (line: string) => void;
}

const sleepUntil = (at: number) =>
  new Promise((r) => setTimeout(r, Math.max(0, at - performance.now())));

/**
 * The four faults at 15, 35, 55 and 75 % of the run (decision 075): SIGKILL of portal-2
 * (started again 10 s later), of the projector leading the most projections (5 s), of a
 * Kafka node that is not the active controller (15 s), and Postgres stopped for 3 s.
 */
export async function runFaults(stack: Stack, hooks: FaultHooks): Promise<void> {
  await sleepUntil(hooks.at(0.15));
  const portal = stack.portals[1];
  if (portal) {
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

  await sleepUntil(hooks.at(0.35));
  const leader = [...stack.projectors].sort((a, b) => b.leads().length - a.leads().length)[0];
  if (leader) {
    const fault = hooks.hit('leading projector killed (SIGKILL)', leader.name);
    await leader.kill();
    hooks.measure(fault, fault.at);
    await sleepUntil(performance.now() + 5_000);
    leader.start();
    fault.back = Date.now();
  }

  await sleepUntil(hooks.at(0.55));
  const controller = await stack.kafka.activeController().catch(() => undefined);
  const broker = stack.kafka.nodes.find((n) => n !== controller) ?? stack.kafka.nodes[0];
  if (broker) {
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

  await sleepUntil(hooks.at(0.75));
  const fault = hooks.hit('Postgres restarted (fast stop, 3 s down)', 'postgres');
  await stack.postgres.restart(3_000);
  fault.back = Date.now();
  hooks.measure(fault, fault.back);
}
