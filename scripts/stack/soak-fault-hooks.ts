import type { Fault, FaultTraits } from './soak-verdicts';

/** What a soak fault (a kill or a freeze) may do to the run it is part of. */
export interface FaultHooks {
  /** performance.now() at this share of the run. */
  readonly at: (share: number) => number;
  /** Records a fault as it begins. */
  readonly hit: (name: string, target: string, traits?: FaultTraits) => Fault;
  /** Starts measuring catch-up from `since` (Date.now()). */
  readonly measure: (fault: Fault, since: number) => void;
  /** Work the run waits for before its checks (a restart that takes a while). */
  readonly background: (work: Promise<unknown>) => void;
  readonly log: (line: string) => void;
}
