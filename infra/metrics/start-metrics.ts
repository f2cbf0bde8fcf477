import type { Logger } from 'pino';
import type { Runtime } from '../runtime';
import { startMetricsServer } from './metrics-server';
import { portalMetrics } from './metrics';
import { refreshStateGauges } from './state-gauges';

/** With METRICS_PORT: the metrics server of this process; returns how to stop it. */
export async function startMetricsFor(
  runtime: Runtime,
  log: Pick<Logger, 'info' | 'warn'>,
): Promise<(() => Promise<void>) | undefined> {
  const { config } = runtime;
  if (config.METRICS_PORT === undefined) return undefined;
  const metrics = portalMetrics();
  const server = await startMetricsServer({
    metrics,
    host: config.METRICS_HOST,
    port: config.METRICS_PORT,
    token: config.METRICS_TOKEN,
    refresh: () => refreshStateGauges(metrics, runtime),
    onError: (err) => log.warn({ err }, 'metrics: a scrape failed'),
  });
  log.info(
    { host: config.METRICS_HOST, port: server.port, token: config.METRICS_TOKEN !== undefined },
    `metrics at http://${config.METRICS_HOST}:${server.port}/metrics`,
  );
  return () => server.close();
}
