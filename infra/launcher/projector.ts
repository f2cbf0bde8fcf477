import { projections } from '@projections/index';
import { runProjections } from '@projections/runner/run-projections';
import { getLogger } from '../logging/logger';
import { claimsDatabaseUrl } from '../postgres/embedded';
import { migrate } from '../postgres/migrate';
import { allMigrations } from '../postgres/migrations';
import { closeRuntime, openRuntime } from '../runtime';
import { configOrExit } from './config-or-exit';

/** `npm run projector`: the read-model projector as a worker of its own (PROJECTOR=external on the web side). */
const config = configOrExit();
const log = getLogger();
const databaseUrl = claimsDatabaseUrl(config);
const runtime = await openRuntime(config, databaseUrl);
await migrate(runtime.pool, allMigrations);
const runner = await runProjections({
  pool: runtime.pool,
  eventStore: runtime.eventStore,
  projections,
  onError: (projection, err) => log.error({ projection, err }, 'projection batch failed; retrying'),
  onRoleChange: (projection, role) => log.info({ projection, role }, `projection ${role}`),
});
log.info({ projections: projections.map((p) => p.name) }, 'projector worker running');

async function stop(signal: string) {
  log.info({ signal }, 'projector worker stopping');
  await runner.stop();
  await closeRuntime();
  process.exit(0);
}
process.on('SIGINT', () => void stop('SIGINT'));
process.on('SIGTERM', () => void stop('SIGTERM'));
