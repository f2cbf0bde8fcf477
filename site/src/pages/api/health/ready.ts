import { readReadiness } from '@infra/health/ready-checks';
import { getRuntime } from '@infra/runtime';
import { apiRoute, json } from '@site/lib/api-route.server';

export const prerender = false;

/**
 * Readiness (issue 44): `ok`, `degraded` (serving, but something behind it is late or away)
 * or `down` (the database does not answer: 503), with the reasons. Postgres is read within
 * a short bound; Kafka from a background reading, so a broker outage never slows it.
 */
export const GET = apiRoute(async () => {
  const runtime = await getRuntime();
  const report = await readReadiness(runtime);
  return json(report, report.status === 'down' ? 503 : 200, { 'cache-control': 'no-store' });
});
