import { portalMetrics, secondsSince } from '../metrics/metrics';
import type { InspectionPool } from './inspection-pool';

/**
 * The inspection pool with each call timed (queue wait included): `accepted` when every file
 * passed, `refused` when one did not, `failed` when the pool itself failed.
 */
export function observedInspectionPool(pool: InspectionPool): InspectionPool {
  const { inspectionDuration } = portalMetrics();
  return {
    stats: () => pool.stats(),
    close: () => pool.close(),
    async inspect(files) {
      const started = performance.now();
      try {
        const verdicts = await pool.inspect(files);
        const refused = verdicts.some((verdict) => verdict.contentType === undefined);
        inspectionDuration.observe(
          { outcome: refused ? 'refused' : 'accepted' },
          secondsSince(started),
        );
        return verdicts;
      } catch (error) {
        inspectionDuration.observe({ outcome: 'failed' }, secondsSince(started));
        throw error;
      }
    },
  };
}
