import type { Logger } from 'pino';
import type { IdentityStore } from '@contracts/identity/identity-store';
import { pruneIdentityData } from '@services/identity/maintenance';
import { systemClock } from '@services/identity/ports';

const PRUNE_EVERY_MS = 60 * 60 * 1000;
const FIRST_PRUNE_MS = 2 * 60 * 1000;

/**
 * Deletes expired sign-in flows, one-time codes, sessions, counters and locks: two minutes
 * after start, then hourly, in the background. Without it they stayed forever (issue 48's
 * knip found `pruneIdentityData` called by nothing). Returns how to stop it.
 */
export function startIdentityPruner(
  store: Pick<IdentityStore, 'pruneExpired'>,
  log: Pick<Logger, 'warn'>,
  clock = systemClock,
): () => void {
  let pruning = false;
  const prune = () => {
    if (pruning) return;
    pruning = true;
    void pruneIdentityData({ store: store as IdentityStore, clock })
      .catch((err: unknown) => log.warn({ err }, 'identity pruning failed; next one in an hour'))
      .finally(() => {
        pruning = false;
      });
  };
  const first = setTimeout(prune, FIRST_PRUNE_MS);
  first.unref();
  const timer = setInterval(prune, PRUNE_EVERY_MS);
  timer.unref();
  return () => {
    clearTimeout(first);
    clearInterval(timer);
  };
}
