import type { Logger } from 'pino';
import { sweepOrphanedClaimObjects } from '@services/claims/sweep-orphaned-objects';
import type { Runtime } from '../runtime';

/** A save in progress stores its files, then appends: an hour is far longer than any save. */
const SWEEP_GRACE_MS = 60 * 60 * 1000;
const SWEEP_EVERY_MS = 60 * 60 * 1000;

/** Sweeps claim objects no event names, a minute after start and then hourly, in the background. */
export function startOrphanSweeper(
  runtime: Pick<Runtime, 'documents' | 'eventStore'>,
  log: Pick<Logger, 'info' | 'warn'>,
): () => void {
  let sweeping = false;
  const sweep = () => {
    if (sweeping) return;
    sweeping = true;
    void sweepOrphanedClaimObjects(runtime, { now: new Date(), graceMs: SWEEP_GRACE_MS })
      .then(({ checked, deleted }) => {
        if (deleted.length > 0)
          log.info({ checked, deleted: deleted.length }, 'orphaned documents deleted');
      })
      .catch((err: unknown) => log.warn({ err }, 'orphan sweep failed; next one in an hour'))
      .finally(() => {
        sweeping = false;
      });
  };
  // A minute in, not during start-up: it lists every claim object.
  const first = setTimeout(sweep, 60_000);
  first.unref();
  const timer = setInterval(sweep, SWEEP_EVERY_MS);
  timer.unref();
  return () => {
    clearTimeout(first);
    clearInterval(timer);
  };
}
