import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { asDataUrl, samplePdf, samplePng } from '@contracts/documents/testing/sample-documents';
import { embeddedDatabaseUrl } from '@infra/postgres/embedded';
import {
  type LauncherProcess,
  spawnLauncher,
  waitUntilServing,
} from '../launcher/launcher-process';
import { freePort } from '../support/free-port';
import type { TestBrowser } from '../support/oidc-test-provider';

/** `npm start`'s launcher on a data folder of its own, as the fault tests break its parts. */
export interface PortalUnderTest {
  readonly base: string;
  readonly dataDir: string;
  readonly env: Record<string, string>;
  launcher: LauncherProcess;
  /** A pool on the portal's database (embedded in its data folder unless DATABASE_URL). */
  readonly db: pg.Pool;
  /** Starts the launcher again on the same folder and ports (after a kill). */
  restart(): Promise<void>;
  stop(): Promise<void>;
}

export async function startPortalUnderTest(
  extra: Record<string, string> = {},
): Promise<PortalUnderTest> {
  const dataDir = await mkdtemp(join(tmpdir(), 'claims-faults-'));
  await chmod(dataDir, 0o755); // Postgres runs as its own user when we are root.
  // A caller may name the port: a provider registered before the portal starts needs it.
  const port = extra.PORT ? Number(extra.PORT) : await freePort();
  const pgPort = await freePort();
  const env = {
    DATA_DIR: dataDir,
    PORT: String(port),
    EMBEDDED_POSTGRES_PORT: String(pgPort),
    DEMO_DATA: 'on',
    ...extra,
  };
  const base = `http://127.0.0.1:${port}`;
  const start = async () => {
    const launcher = spawnLauncher(env);
    await waitUntilServing(`${base}/en/`, launcher, 180_000);
    return launcher;
  };
  const launcher = await start();
  const db = new pg.Pool({
    connectionString: extra.DATABASE_URL ?? embeddedDatabaseUrl(dataDir, pgPort, 'claims'),
    max: 2,
  });
  db.on('error', () => {});
  const portal: PortalUnderTest = {
    base,
    dataDir,
    env,
    launcher,
    db,
    async restart() {
      portal.launcher = await start();
    },
    async stop() {
      await db.end().catch(() => {});
      if (portal.launcher.child.exitCode === null && portal.launcher.child.signalCode === null) {
        portal.launcher.child.kill('SIGINT');
        await portal.launcher.exited;
      }
      await rm(dataDir, { recursive: true, force: true });
    },
  };
  return portal;
}

/** A JSON call as the site's scripts make it (CSRF header, same origin). */
export function call(browser: TestBrowser, base: string, path: string, body?: unknown) {
  return browser.request(`${base}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: {
      'content-type': 'application/json',
      'x-csrf-token': browser.cookie('csrf_token') ?? '',
      origin: base,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

/** A claim body with a PDF claim form and a PNG scan, distinct per `label`. */
export function claimWithFiles(label: string): Record<string, unknown> {
  return {
    policyNumber: `F-${label}`.slice(0, 20),
    productCode: '210',
    productType: 'Mortgage',
    claimType: 'Job Loss',
    documents: [
      {
        kind: 'claim',
        name: 'claim.pdf',
        data: asDataUrl(samplePdf(`claim ${label}`, 20_000), 'application/pdf'),
      },
      {
        kind: 'supporting',
        name: 'scan.png',
        data: asDataUrl(samplePng(64, 48, 120, `scan ${label}`), 'image/png'),
      },
    ],
  };
}

export async function countRows(db: pg.Pool, sql: string): Promise<number> {
  return Number((await db.query<{ count: string }>(sql)).rows[0]?.count ?? 0);
}
