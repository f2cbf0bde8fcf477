import { getRuntime } from '@infra/runtime';
import { projections } from '@projections/index';
import { projectionLag } from '@projections/runner/projection-lag';
import { apiRoute, json } from '@site/lib/api-route.server';

export const prerender = false;

/** Liveness and read-model lag: 200 while the database answers, with each projection's lag. */
export const GET = apiRoute(async () => {
  const runtime = await getRuntime();
  const now = new Date();
  const lags = await Promise.all(
    projections.map((projection) =>
      projectionLag(runtime.pool, runtime.eventStore, projection, now),
    ),
  );
  // Document inspection (decision 049): workers alive, files being judged, files waiting.
  const inspection = runtime.inspector.stats();
  return json({ status: 'ok', checkedAt: now.toISOString(), projections: lags, inspection }, 200, {
    'cache-control': 'no-store',
  });
});
