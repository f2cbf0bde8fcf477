import { generateKeyPairSync } from 'node:crypto';
import { lstatSync, mkdirSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { parseConfig } from '@infra/config/config';
import { buildSiteIfStale } from '@infra/launcher/build-site';
import { type KafkaCluster, startKafkaCluster } from '@infra/kafka/broker/broker';
import { type EmbeddedPostgres, startEmbeddedPostgres } from '@infra/postgres/embedded';
import { migrate } from '@infra/postgres/migrate';
import { allMigrations } from '@infra/postgres/migrations';
import { freePort } from '@tests/support/free-port';
import {
  startTestOidcProvider,
  TEST_CLIENT,
  type TestOidcProvider,
} from '@tests/support/oidc-test-provider';
import { type RunningS3rver, startS3rver } from '@tests/support/s3rver';
import { type SmtpCapture, startSmtpCapture } from '@tests/support/smtp-capture';
import { type HaproxyLine, startHaproxy } from './haproxy';
import { startPrometheus } from './prometheus';
import { type ManagedProcess, managedProcess, waitForHttp } from './managed-process';
import { STACK_ROLES, stackProcessEnv } from './stack-shape';

const ROOT = resolve(import.meta.dirname, '../..');

export interface StackOptions {
  /** haproxy's port on 127.0.0.1: the address users and the soak use. */
  readonly port: number;
  /** Wiped at start: every run is a fresh cluster (decision 074). */
  readonly dir: string;
  readonly portals?: number;
  readonly projectors?: number;
  readonly log?: (line: string) => void;
}

interface ProjectorWorker extends ManagedProcess {
  /** The projections this worker leads now, from its own log lines. */
  readonly leads: () => readonly string[];
}

export interface Stack {
  readonly publicUrl: string;
  readonly dir: string;
  readonly portals: readonly ManagedProcess[];
  readonly portalPorts: readonly number[];
  readonly projectors: readonly ProjectorWorker[];
  readonly kafka: KafkaCluster;
  readonly smtp: SmtpCapture;
  readonly s3: RunningS3rver;
  readonly oidc: TestOidcProvider;
  readonly haproxy: ManagedProcess;
  /** Each process's metrics port: portals and projector workers, in order. */
  readonly metricsPorts: {
    readonly portals: readonly number[];
    readonly projectors: readonly number[];
  };
  /** Debian's Prometheus scraping them with the alert rules loaded (when installed). */
  readonly prometheusUrl?: string;
  /** The claims database, for the soak's checks (its own pool, reopened across restarts). */
  readonly databaseUrl: string;
  readonly postgres: { restart(downMs: number): Promise<void> };
  /** REQUEST_DEADLINE_MS as the portals read it: haproxy and the soak hold requests to it. */
  readonly requestDeadlineMs: number;
  /** Every request haproxy logged, in order. */
  readonly proxyLog: HaproxyLine[];
  /** Starts a killed portal again and waits until it serves. */
  restartPortal(index: number): Promise<void>;
  stop(): Promise<void>;
}

/**
 * The scaled topology on one machine, without Docker (decision 074): an external Postgres, a
 * three-node KRaft Kafka, s3rver, an SMTP capture, the development OpenID Provider as a
 * server of its own, N portals (`PROJECTOR=external`) behind haproxy and M projector workers.
 */
export async function startStack(options: StackOptions): Promise<Stack> {
  const log = options.log ?? (() => {});
  const dir = resolve(options.dir);
  wipe(dir);
  mkdirSync(join(dir, 'logs'), { recursive: true });
  const logFile = (name: string) => join(dir, 'logs', `${name}.log`);
  const publicUrl = `http://127.0.0.1:${options.port}`;

  buildSiteIfStale(ROOT, log);
  const postgresPort = await freePort();
  const startPostgres = () =>
    startEmbeddedPostgres({
      dataDir: join(dir, 'postgres'),
      port: postgresPort,
      database: 'claims',
    });
  log('starting Postgres, a 3-node Kafka cluster, s3rver, SMTP capture and the OpenID Provider…');
  const cleanUps: Array<() => Promise<unknown>> = [];
  const started = <T>(value: T, stop: (value: T) => Promise<unknown>): T => {
    cleanUps.unshift(() => stop(value));
    return value;
  };
  const parts = await Promise.allSettled([
    startPostgres().then((p) => started(p, (s) => s.stop())),
    startKafkaCluster({ dir: join(dir, 'kafka'), nodes: STACK_ROLES.kafka, heapMb: 384, log }).then(
      (k) => started(k, (s) => s.stop()),
    ),
    startS3rver({ directory: mkdir(join(dir, 'objects')) }).then((s) =>
      started(s, (v) => v.close()),
    ),
    startSmtpCapture().then((s) => started(s, (v) => v.stop())),
    startTestOidcProvider(`${publicUrl}/api/auth/callback`).then((o) =>
      started(o, (v) => v.close()),
    ),
  ]);
  const cleanUp = async () => {
    for (const stop of cleanUps) await stop().catch(() => {});
  };
  const failed = parts.find((part) => part.status === 'rejected');
  if (failed) {
    await cleanUp();
    throw failed.reason;
  }
  const [postgresStarted, kafka, s3, smtp, oidc] = parts.map(
    (part) => (part as PromiseFulfilledResult<unknown>).value,
  ) as [EmbeddedPostgres, KafkaCluster, RunningS3rver, SmtpCapture, TestOidcProvider];
  let postgres: EmbeddedPostgres = postgresStarted;
  const databaseUrl = postgres.url;

  try {
    await migrateOnce(databaseUrl);
    return await startProcesses();
  } catch (error) {
    await cleanUp();
    throw error;
  }

  async function startProcesses(): Promise<Stack> {
    const portalCount = options.portals ?? STACK_ROLES.portal;
    const projectorCount = options.projectors ?? STACK_ROLES.projector;
    const portalPorts = await Promise.all(Array.from({ length: portalCount }, () => freePort()));
    const metricsPorts = {
      portals: await Promise.all(Array.from({ length: portalCount }, () => freePort())),
      projectors: await Promise.all(Array.from({ length: projectorCount }, () => freePort())),
    };
    const sharedEnv: Record<string, string> = {
      NODE_ENV: 'development',
      ...stackProcessEnv({
        databaseUrl,
        kafkaBrokers: kafka.brokers,
        s3: {
          endpoint: s3.options.endpoint ?? '',
          bucket: s3.options.bucket,
          region: s3.options.region,
          accessKeyId: s3.options.accessKeyId,
          secretAccessKey: s3.options.secretAccessKey,
        },
        smtpUrl: smtp.url,
        oidc: {
          issuer: oidc.issuer,
          clientId: TEST_CLIENT.clientId,
          clientSecret: TEST_CLIENT.clientSecret,
        },
        publicUrl,
        proxy: '127.0.0.1',
      }),
    };
    // What the portals will read: this environment under the stack's own settings.
    const portalConfig = parseConfig({ ...process.env, ...sharedEnv });
    const requestDeadlineMs = portalConfig.REQUEST_DEADLINE_MS;
    const deadlines = {
      requestMs: requestDeadlineMs,
      uploadMs: requestDeadlineMs + portalConfig.INSPECTION_REQUEST_DEADLINE_MS,
    };
    const node = (script: string) => ['--import', 'tsx', script];
    // One audit signing key for every portal (decision 130): the one that signs and the ones
    // that only verify must agree on it.
    const auditKeyFile = join(dir, 'audit-signing-key.pem');
    const auditKey = generateKeyPairSync('ed25519').privateKey;
    writeFileSync(auditKeyFile, auditKey.export({ format: 'pem', type: 'pkcs8' }), { mode: 0o600 });
    const portals = portalPorts.map((port, i) =>
      managedProcess({
        name: `portal-${i + 1}`,
        command: process.execPath,
        args: node('infra/launcher/main.ts'),
        logFile: logFile(`portal-${i + 1}`),
        env: {
          ...sharedEnv,
          HOST: '127.0.0.1',
          PORT: String(port),
          METRICS_HOST: '127.0.0.1',
          METRICS_PORT: String(metricsPorts.portals[i]),
          DATA_DIR: join(dir, `portal-${i + 1}`),
          // One portal seeds the demo claimant and claims; the others would race it.
          DEMO_DATA: i === 0 ? 'on' : 'off',
          AUDIT_SIGNING_KEY_FILE: auditKeyFile,
          AUDIT_SIGNING_KEY_ID: 'stack-k1',
        },
      }),
    );
    const projectors = Array.from({ length: projectorCount }, (_, i) =>
      projectorWorker(`projector-${i + 1}`, node('infra/launcher/projector.ts'), logFile, {
        ...sharedEnv,
        METRICS_HOST: '127.0.0.1',
        METRICS_PORT: String(metricsPorts.projectors[i]),
      }),
    );
    for (const worker of projectors) started(worker, (w) => w.stop());
    for (const portal of portals) started(portal, (p) => p.stop());
    for (const worker of projectors) worker.start();
    for (const portal of portals) portal.start();
    const portalUp = (i: number) =>
      waitForHttp(
        `http://127.0.0.1:${portalPorts[i]}/locales/en.json`,
        () => portals[i]?.running() ?? false,
      );
    await Promise.all(portals.map((_, i) => portalUp(i)));

    const proxyLog: HaproxyLine[] = [];
    const haproxy = started(
      startHaproxy(dir, options.port, portalPorts, deadlines, (line) => proxyLog.push(line)),
      (h) => h.stop(5_000),
    );
    await waitForHttp(`${publicUrl}/locales/en.json`, haproxy.running, 30_000);

    const prometheusPort = await freePort();
    const prometheus = startPrometheus(
      dir,
      prometheusPort,
      [
        { job: 'claims-portal', ports: metricsPorts.portals },
        { job: 'claims-projector', ports: metricsPorts.projectors },
      ],
      logFile('prometheus'),
      log,
    );
    if (prometheus) started(prometheus, (p) => p.stop());

    return {
      publicUrl,
      dir,
      portals,
      portalPorts,
      projectors,
      kafka,
      smtp,
      s3,
      oidc,
      haproxy,
      metricsPorts,
      ...(prometheus ? { prometheusUrl: `http://127.0.0.1:${prometheusPort}` } : {}),
      databaseUrl,
      requestDeadlineMs,
      proxyLog,
      postgres: {
        async restart(downMs) {
          await postgres.stop();
          await new Promise((r) => setTimeout(r, downMs));
          postgres = await startPostgres();
        },
      },
      async restartPortal(index) {
        portals[index]?.start();
        await portalUp(index);
      },
      async stop() {
        await haproxy.stop(5_000);
        await prometheus?.stop();
        await Promise.all([...portals, ...projectors].map((p) => p.stop()));
        await kafka.stop();
        await Promise.all([s3.close(), smtp.stop(), oidc.close()]);
        await postgres.stop();
      },
    };
  }
}

/** Once here, so five processes do not queue on the migration lock at start-up. */
async function migrateOnce(databaseUrl: string): Promise<void> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 1 });
  try {
    await migrate(pool, allMigrations);
  } finally {
    await pool.end();
  }
}

/** The folder, and the cluster outside it that `.data/…/postgres` links to when run as root. */
function wipe(dir: string): void {
  const cluster = join(dir, 'postgres', 'postgres');
  if (lstatSync(cluster, { throwIfNoEntry: false })?.isSymbolicLink()) {
    rmSync(realpathSync(cluster), { recursive: true, force: true });
  }
  rmSync(dir, { recursive: true, force: true });
}

function mkdir(path: string): string {
  mkdirSync(path, { recursive: true });
  return path;
}

function projectorWorker(
  name: string,
  args: readonly string[],
  logFile: (name: string) => string,
  env: Record<string, string>,
): ProjectorWorker {
  const roles = new Map<string, string>();
  const worker = managedProcess({
    name,
    command: process.execPath,
    args,
    logFile: logFile(name),
    env,
    onLine: (line) => {
      const role = roleChange(line);
      if (role) roles.set(role.projection, role.role);
    },
  });
  return {
    ...worker,
    start() {
      roles.clear();
      worker.start();
    },
    leads: () =>
      worker.running()
        ? [...roles].filter(([, role]) => role === 'leader').map(([projection]) => projection)
        : [],
  };
}

function roleChange(line: string): { projection: string; role: string } | undefined {
  if (!line.includes('"role"')) return undefined;
  try {
    const entry = JSON.parse(line) as { projection?: unknown; role?: unknown };
    return typeof entry.projection === 'string' && typeof entry.role === 'string'
      ? { projection: entry.projection, role: entry.role }
      : undefined;
  } catch {
    return undefined;
  }
}
