/** What the broker-outage test records: each submission and each health reading, by phase. */
export type Phase = 'warm-up' | 'before' | 'outage' | 'recovery';
export interface Submission {
  readonly phase: Phase;
  readonly customer: string;
  readonly submissionId: string;
  readonly confirmationNumber: string;
  readonly postMs: number;
  /** performance.now() at the POST's start, to match it with the stall watch. */
  readonly postStartedAt: number;
  /** Wall-clock end of the POST, to tell the outage proper from the broker's restart. */
  readonly postEndedAt: number;
  /** From the POST's start until GET /api/claims lists the claim. */
  readonly dashboardMs: number;
}
export interface HealthSample {
  readonly at: number;
  readonly phase: Phase;
  readonly reachable: boolean | undefined;
  readonly relayEventsBehind: number;
  readonly relaySecondsBehind: number;
  readonly projectionSecondsBehind: number;
  readonly stalled: boolean;
  readonly oldestOpenSeconds: number;
}
