import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { type EmbeddedPostgres, startEmbeddedPostgres } from '@infra/postgres/embedded';
import { freePort } from './free-port';

declare module 'vitest' {
  export interface ProvidedContext {
    postgresAdminUrl: string;
  }
}

/** One embedded Postgres for the whole run; each test file makes its own database in it. */
export default async function setup(project: TestProject) {
  const dataDir = await mkdtemp(join(tmpdir(), 'claims-test-pg-'));
  // Postgres runs as its own user when we are root: let it through.
  await chmod(dataDir, 0o755);
  const server: EmbeddedPostgres = await startEmbeddedPostgres({
    dataDir,
    port: await freePort(),
    database: 'postgres',
  });
  project.provide('postgresAdminUrl', server.url);
  return async () => {
    await server.stop();
    await rm(dataDir, { recursive: true, force: true });
  };
}
