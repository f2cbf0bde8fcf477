import { projections } from '@projections/index';
import { runProjections } from '@projections/runner/run-projections';
import { getLogger } from '../logging/logger';
import { startMetricsFor } from '../metrics/start-metrics';
import { claimsDatabaseUrl } from '../postgres/embedded';
import { migrate } from '../postgres/migrate';
import { allMigrations } from '../postgres/migrations';
import { closeRuntime, openRuntime } from '../runtime';
import { startOtlpTracing } from '../tracing/tracing';
import { configOrExit } from './config-or-exit';

/** `npm run projector`: the read-model projector as a worker of its own (PROJECTOR=external on the web side). */
const config = configOrExit();
const log = getLogger();
const databaseUrl = claimsDatabaseUrl(config);
const tracing = config.OTEL_EXPORTER_OTLP_ENDPOINT
  ? startOtlpTracing(config.OTEL_EXPORTER_OTLP_ENDPOINT, `${config.OTEL_SERVICE_NAME}-projector`)
  : undefined;
const runtime = await openRuntime(config, databaseUrl);
await migrate(runtime.pool, allMigrations);
const stopMetrics = await startMetricsFor(runtime, log);
const runner = await runProjections({
  pool: runtime.pool,
  leasePool: runtime.leasePool,
  eventStore: runtime.eventStore,
  projections,
  leaseTtlMs: config.LEASE_TTL_MS,
  onError: (projection, err) => log.error({ projection, err }, 'projection batch failed; retrying'),
  onRoleChange: (projection, role) => log.info({ projection, role }, `projection ${role}`),
});
log.info({ projections: projections.map((p) => p.name) }, 'projector worker running');

async function stop(signal: string) {
  log.info({ signal }, 'projector worker stopping');
  await runner.stop();
  await stopMetrics?.();
  await closeRuntime();
  await tracing?.shutdown();
  process.exit(0);
}
process.on('SIGINT', () => void stop('SIGINT'));
process.on('SIGTERM', () => void stop('SIGTERM'));
