import { mkdir } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { projections } from '@projections/index';
import { type ProjectionRunner, runProjections } from '@projections/runner/run-projections';
import { MAX_UPLOAD_BODY_BYTES } from '@contracts/api/uploaded-file';
import { limitRequestBodies } from '../http/body-limit';
import { answerByDeadline, requestDeadlines } from '../http/request-deadline';
import { serveBuiltAssets } from '../http/compressed-assets';
import { offeredCommandLane, withCommandLane } from '../http/command-lane';
import { answerClientError, answerConnect, createEdgeHandler } from '../http/edge-handler';
import { observeRequests } from '../http/observe-requests';
import { settleForwardedHeaders, trustedProxies } from '../http/trusted-proxies';
import { getLogger } from '../logging/logger';
import { startMetricsFor } from '../metrics/start-metrics';
import { migrate } from '../postgres/migrate';
import { allMigrations } from '../postgres/migrations';
import { type EmbeddedPostgres, startEmbeddedPostgres } from '../postgres/embedded';
import { closeRuntime, openRuntime } from '../runtime';
import { MissingSigningKeyError, requireSigningKey } from '../audit/audit-keys';
import { startAuditCheckpoints } from '../audit/start-audit-signer';
import { startOrphanSweeper } from '../documents/orphan-sweeper';
import { startIdentityPruner } from '../identity/identity-pruner';
import { createPostgresIdentityStore } from '../identity/postgres-identity-store';
import { startIntegrationEvents } from '../kafka/start-integration-events';
import { startOtlpTracing } from '../tracing/tracing';
import { BUILT_MIDDLEWARE, buildSiteIfStale } from './build-site';
import { developmentProviderFor, type MountedDevelopmentProvider } from '../oidc/development-mount';
import { configOrExit } from './config-or-exit';
import { ensureDemoAccount } from './demo-account';
import { seedDemoData } from './demo-data';
import { takeOverDataDir, watchParent } from './single-launcher';

const ROOT = resolve(fileURLToPath(new URL('../..', import.meta.url)));
const devMode = process.argv.includes('--dev');

const config = configOrExit();
const log = getLogger();
const stops: Array<() => Promise<unknown>> = [];

async function start(): Promise<void> {
  // Refused before anything starts: production signs audit checkpoints with a key of its own.
  await requireSigningKey(config).catch((error: unknown) => {
    if (!(error instanceof MissingSigningKeyError)) throw error;
    process.stderr.write(`${error.message}\n`);
    process.exit(2);
  });
  const dataDir = resolve(ROOT, config.DATA_DIR);
  await mkdir(dataDir, { recursive: true });
  const releaseDataDir = await takeOverDataDir(dataDir, (message) => log.warn(message));
  stops.push(async () => releaseDataDir());
  watchParent(() => void shutdown('parent process exited'));
  if (config.OTEL_EXPORTER_OTLP_ENDPOINT) {
    const tracing = startOtlpTracing(config.OTEL_EXPORTER_OTLP_ENDPOINT, config.OTEL_SERVICE_NAME);
    stops.push(() => tracing.shutdown());
  }
  let databaseUrl = config.DATABASE_URL;
  if (!databaseUrl) {
    const embedded: EmbeddedPostgres = await startEmbeddedPostgres({
      dataDir,
      port: config.EMBEDDED_POSTGRES_PORT,
      database: 'claims',
      onProgress: (message) => log.info(message),
    });
    stops.unshift(() => embedded.stop());
    databaseUrl = embedded.url;
    log.info({ port: config.EMBEDDED_POSTGRES_PORT }, 'embedded Postgres is up');
  }
  const runtime = await openRuntime(config, databaseUrl);
  stops.unshift(() => closeRuntime());
  const stopMetrics = await startMetricsFor(runtime, log);
  if (stopMetrics) stops.unshift(stopMetrics);
  const applied = await migrate(runtime.pool, allMigrations);
  if (applied.length > 0) log.info({ migrations: applied }, 'migrations applied');

  if (config.PROJECTOR === 'in-process') {
    const runner: ProjectionRunner = await runProjections({
      pool: runtime.pool,
      leasePool: runtime.leasePool,
      eventStore: runtime.eventStore,
      projections,
      leaseTtlMs: config.LEASE_TTL_MS,
      onError: (projection, err) =>
        log.error({ projection, err }, 'projection batch failed; retrying'),
    });
    stops.unshift(() => runner.stop());
  }
  const stopSweeper = startOrphanSweeper(runtime, log);
  stops.unshift(async () => stopSweeper());
  const stopPruner = startIdentityPruner(
    createPostgresIdentityStore(runtime.pool, runtime.sessions.customer),
    log,
  );
  stops.unshift(async () => stopPruner());
  const integrationEvents = startIntegrationEvents(config, runtime, log);
  if (integrationEvents) stops.unshift(() => integrationEvents.stop());
  const stopCheckpoints = await startAuditCheckpoints(config, runtime, log);
  if (stopCheckpoints) stops.unshift(stopCheckpoints);
  if (config.DEMO_DATA === 'on') {
    await ensureDemoAccount(runtime, dataDir, log);
    await seedDemoData(runtime, log);
  }

  const oidc = developmentProviderFor(config);
  if (oidc) stops.unshift(() => oidc.close());
  if (devMode) await startDevServer(oidc);
  else await startServer(oidc);
}

async function startServer(oidc: MountedDevelopmentProvider | undefined): Promise<void> {
  buildSiteIfStale(ROOT, (message) => log.info(message));
  process.env.ASTRO_NODE_AUTOSTART = 'disabled';
  const entry = resolve(ROOT, 'dist/server/entry.mjs');
  // The adapter in middleware mode: `handler` is the app alone. Every built file is served
  // from memory before it, so no request's path is looked up on disk (decision 079).
  const { handler } = (await import(entry)) as {
    handler: (req: IncomingMessage, res: ServerResponse) => Promise<void>;
  };
  // The site's middleware module, which Astro would load at the first request, offers the
  // command lane when it loads (decision 083).
  await import(resolve(ROOT, BUILT_MIDDLEWARE));
  const app = withCommandLane((req, res) => void handler(req, res), offeredCommandLane, log);
  const site = serveBuiltAssets(resolve(ROOT, 'dist/client'), app);
  // The development OpenID Provider for staff sign-in answers under its issuer path.
  // No route takes a body above MAX_UPLOAD_BODY_BYTES: a larger one is refused before it is read.
  const edge = createEdgeHandler(
    answerByDeadline(
      limitRequestBodies(
        (req, res) => (oidc?.handles(req) ? oidc.callback(req, res) : site(req, res)),
        MAX_UPLOAD_BODY_BYTES,
      ),
      requestDeadlines(config, log),
    ),
    { proxies: trustedProxies(config.TRUST_PROXY), log },
  );
  // A request without Host reaches the edge, which refuses it in the portal's shape.
  const server = createServer({ requireHostHeader: false }, observeRequests(edge));
  server.on('clientError', answerClientError);
  server.on('connect', answerConnect);
  await new Promise<void>((resolveListen, reject) => {
    server.once('error', reject);
    server.listen(config.PORT, config.HOST, resolveListen);
  });
  stops.unshift(
    () =>
      new Promise<void>((resolveClose) => {
        server.close(() => resolveClose());
        server.closeAllConnections();
      }),
  );
  announce();
}

async function startDevServer(oidc: MountedDevelopmentProvider | undefined): Promise<void> {
  const { dev } = await import('astro');
  const server = await dev({
    root: ROOT,
    server: { host: config.HOST, port: config.PORT },
    vite: {
      plugins: [
        {
          name: 'development-oidc-provider',
          configureServer(vite) {
            const proxies = trustedProxies(config.TRUST_PROXY);
            vite.middlewares.use((req, res, next) => {
              settleForwardedHeaders(req, proxies);
              return oidc?.handles(req) ? oidc.callback(req, res) : next();
            });
          },
        },
      ],
    },
  });
  stops.unshift(() => server.stop());
  announce();
}

function announce(): void {
  const base = `http://${config.HOST.includes(':') ? `[${config.HOST}]` : config.HOST}:${config.PORT}`;
  log.info(
    { english: `${base}/en/`, french: `${base}/fr/`, node: process.version },
    `claims portal ready at ${base}/en/ and ${base}/fr/ (Node ${process.version})`,
  );
}

let stopping = false;
async function shutdown(signal: string, exitCode = 0): Promise<void> {
  if (stopping) return;
  stopping = true;
  log.info({ signal }, 'stopping');
  for (const stop of stops) {
    await stop().catch((err: unknown) => log.error({ err }, 'error while stopping'));
  }
  process.exit(exitCode);
}

process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

start().catch((err: unknown) => {
  log.fatal({ err }, 'start-up failed');
  void shutdown('start-up failure', 1);
});
