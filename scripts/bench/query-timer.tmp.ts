import { mkdtemp } from 'node:fs/promises';
import { chmod } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { startEmbeddedPostgres } from '@infra/postgres/embedded';
import { freePort } from '@tests/support/free-port';

const dir = await mkdtemp(join(tmpdir(), 'qt-'));
await chmod(dir, 0o755);
const server = await startEmbeddedPostgres({ dataDir: dir, port: await freePort(), database: 'postgres' });
async function round(queryTimeout: number, n: number) {
  const pool = new pg.Pool({ connectionString: server.url, max: 8, query_timeout: queryTimeout, connectionTimeoutMillis: queryTimeout ? 10000 : 0 });
  await Promise.all(Array.from({ length: 8 }, () => pool.query('select 1')));
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  await Promise.all(Array.from({ length: 8 }, async () => { for (let i = 0; i < n / 8; i++) await pool.query('select $1::int', [i]); }));
  const cpu = process.cpuUsage(cpu0);
  const ms = performance.now() - t0;
  await pool.end();
  return { us: (cpu.user + cpu.system) / n, rate: n / (ms / 1000) };
}
for (let r = 0; r < 5; r++) {
  const on = await round(65000, 40000);
  const off = await round(0, 40000);
  console.log(`on ${on.us.toFixed(1)} µs/query ${on.rate.toFixed(0)}/s | off ${off.us.toFixed(1)} µs/query ${off.rate.toFixed(0)}/s`);
}
await server.stop();
