import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readFileSync, realpathSync, statSync } from 'node:fs';
import { appendFile, mkdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import pg from 'pg';
import { commandLineIncludes, isAlive, stopProcess } from '../files/processes';
import EmbeddedPostgresServer from './embedded-postgres-server';

type PostgresServer = InstanceType<typeof EmbeddedPostgresServer>;

export interface EmbeddedPostgres {
  /** Connection string of the application database. */
  readonly url: string;
  stop(): Promise<void>;
}

export interface EmbeddedPostgresOptions {
  /** The project's data folder (e.g. .data); the cluster lives in its `postgres/` folder. */
  readonly dataDir: string;
  readonly port: number;
  readonly database: string;
  readonly onProgress?: (message: string) => void;
}

const isRoot = () => process.getuid?.() === 0;

export async function startEmbeddedPostgres(
  options: EmbeddedPostgresOptions,
): Promise<EmbeddedPostgres> {
  const dataDir = resolve(options.dataDir);
  await mkdir(dataDir, { recursive: true });
  const clusterDir = await clusterDirectory(dataDir);
  const password = await clusterPassword(dataDir);
  const logFile = join(dataDir, 'postgres.log');
  await stopStalePostmaster(clusterDir, options.onProgress);

  const server = new EmbeddedPostgresServer({
    databaseDir: clusterDir,
    port: options.port,
    user: 'postgres',
    password,
    persistent: true,
    createPostgresUser: isRoot(),
    // max_wal_size: a rebuild or bulk import writes gigabytes; at the 1 GB default Postgres
    // forces a checkpoint every few seconds, and every page written after one goes to WAL whole.
    // shared_buffers stays at 128 MB: 2 GB made rebuilds faster, but then a fresh cluster's
    // requests stalled under load, some for over a second (decision 095).
    postgresFlags: [
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      'max_connections=200',
      '-c',
      'max_wal_size=4GB',
    ],
    onLog: (message) => void appendFile(logFile, message).catch(() => {}),
    onError: (error) => void appendFile(logFile, `${String(error)}\n`).catch(() => {}),
  });

  const stopWhenAsked = holdBackExitHook(server);

  if (!existsSync(join(clusterDir, 'PG_VERSION'))) {
    options.onProgress?.(`initialising Postgres cluster in ${clusterDir}`);
    await server.initialise();
  }
  try {
    await server.start();
  } catch (error) {
    throw new Error(
      `Embedded Postgres did not start on port ${options.port} (is the port in use?); see ${logFile}${error ? `: ${String(error)}` : ''}`,
    );
  }
  const adminUrl = `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${options.port}/postgres`;
  await ensureDatabase(adminUrl, options.database);
  return {
    url: adminUrl.replace(/\/postgres$/, `/${options.database}`),
    stop: stopWhenAsked,
  };
}

/**
 * embedded-postgres stops every cluster by itself on SIGINT and SIGTERM, at once, while the
 * launcher is still finishing a projector batch and closing its pool (which then fail with
 * "terminating connection"). Its hook calls `stop()`: make that wait for the launcher's own
 * stop, which comes last. The hook's process exit timeout (10 s) still applies.
 */
function holdBackExitHook(server: PostgresServer): () => Promise<void> {
  const stopNow = server.stop.bind(server);
  let stopped: () => void = () => {};
  const launcherStopped = new Promise<void>((resolve) => {
    stopped = resolve;
  });
  server.stop = () => launcherStopped;
  return async () => {
    await stopServer(server, stopNow);
    stopped();
  };
}

async function stopServer(server: PostgresServer, stop: () => Promise<void>): Promise<void> {
  // The postmaster may already have stopped on the terminal's own Ctrl-C; then stop() would wait forever.
  const child = (
    server as unknown as { process?: { exitCode: number | null; signalCode: string | null } }
  ).process;
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  await stop();
}

export async function ensureDatabase(adminUrl: string, database: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const { rowCount } = await client.query('select 1 from pg_database where datname = $1', [
      database,
    ]);
    if (!rowCount) await client.query(`create database ${client.escapeIdentifier(database)}`);
  } finally {
    await client.end();
  }
}

/**
 * As root, Postgres runs as the `postgres` user, which must be able to reach the cluster
 * folder. A project under a private home (e.g. /root) is not reachable, so the cluster then
 * lives in /var/tmp and `.data/postgres` links to it.
 */
async function clusterDirectory(dataDir: string): Promise<string> {
  const inProject = join(dataDir, 'postgres');
  // Postgres must be given the real folder: it may not be allowed through the link's parents.
  if (existsSync(inProject)) return realpathSync(inProject);
  if (!isRoot() || everyParentTraversable(dataDir)) return inProject;
  const outside = join(
    '/var/tmp',
    `claims-portal-${createHash('sha256').update(dataDir).digest('hex').slice(0, 12)}`,
  );
  // No link means the data folder (and the cluster's password with it) was deleted: a
  // cluster left at this path is an orphan whose password no one holds, so it goes too.
  // (A data folder made 0700, as the audit key's folder makes it, lands here every time.)
  await stopStalePostmaster(outside);
  await rm(outside, { recursive: true, force: true });
  await mkdir(outside, { recursive: true, mode: 0o700 });
  await symlink(outside, inProject);
  return outside;
}

function everyParentTraversable(dir: string): boolean {
  for (let current = dir; ; current = dirname(current)) {
    if ((statSync(current).mode & 0o001) === 0) return false;
    if (dirname(current) === current) return true;
  }
}

/** The URL of an embedded cluster that another process (`npm start`) runs on this data folder. */
export function embeddedDatabaseUrl(dataDir: string, port: number, database: string): string {
  const password = readFileSync(join(resolve(dataDir), 'postgres.secret'), 'utf8').trim();
  return `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`;
}

/**
 * The claims database a command-line tool or worker uses: DATABASE_URL, else the embedded
 * cluster that `npm start` runs on the data folder.
 */
export function claimsDatabaseUrl(config: {
  readonly DATABASE_URL?: string;
  readonly DATA_DIR: string;
  readonly EMBEDDED_POSTGRES_PORT: number;
}): string {
  return (
    config.DATABASE_URL ??
    embeddedDatabaseUrl(config.DATA_DIR, config.EMBEDDED_POSTGRES_PORT, 'claims')
  );
}

async function clusterPassword(dataDir: string): Promise<string> {
  const file = join(dataDir, 'postgres.secret');
  if (existsSync(file)) return (await readFile(file, 'utf8')).trim();
  const password = randomBytes(18).toString('base64url');
  await writeFile(file, `${password}\n`, { mode: 0o600 });
  return password;
}

/** After a killed run the old postmaster may still hold the folder and the port: stop it. */
async function stopStalePostmaster(
  clusterDir: string,
  onProgress?: (message: string) => void,
): Promise<void> {
  const pidFile = join(clusterDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  const pid = Number.parseInt(readFileSync(pidFile, 'utf8').split('\n')[0] ?? '', 10);
  if (!Number.isInteger(pid) || pid <= 0 || !isPostgres(pid)) return;
  onProgress?.(`stopping stale Postgres (pid ${pid}) left by an earlier run`);
  // SIGINT: Postgres's fast shutdown, clean on disk.
  await stopProcess(pid, 'SIGINT', 20_000);
}

// A process whose command line cannot be read is assumed to be it: the pid file says so.
const isPostgres = (pid: number) => commandLineIncludes(pid, 'postgres') ?? isAlive(pid);
