/**
 * `npm run bench:projections -- --events N`: seeds claims until the log holds at least N
 * events (reusing its data folder when it already does), lets the running portal's
 * projector catch up, vacuums the log, then times `npm run projections:rebuild` over the whole
 * log, --runs times.
 */
import { spawnSync } from 'node:child_process';
import { cpus, loadavg, totalmem } from 'node:os';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { embeddedDatabaseUrl } from '@infra/postgres/embedded';
import { freePort } from '@tests/support/free-port';
import { runSeed, startPortal, waitForZeroLag } from './portal-process';
import { processTreeCpu, waitedChildrenCpu } from './process-cpu';

const { values } = parseArgs({
  options: {
    events: { type: 'string', default: '1000000' },
    // Unset: the rebuild's own default (projections-cli.ts).
    'batch-size': { type: 'string' },
    runs: { type: 'string', default: '3' },
  },
});
const target = Number(values.events);
const dataDir = `.data/bench-projections-${target}`;
const pgPort = await freePort();
const env = { DATA_DIR: dataDir, EMBEDDED_POSTGRES_PORT: String(pgPort), DEMO_DATA: 'on' };
// The generator writes about 3.5 events a claim.
const EVENTS_PER_CLAIM = 3.5;

const portal = await startPortal(env, await freePort());
const db = new pg.Pool({
  connectionString: embeddedDatabaseUrl(dataDir, pgPort, 'claims'),
  max: 1,
});
const count = async (sql: string) => Number((await db.query(sql)).rows[0].count);
try {
  for (let events = await count('select count(*) from events'); events < target; ) {
    const claims = Math.ceil((target - events) / EVENTS_PER_CLAIM);
    console.log(`the log holds ${events} events; seeding ${claims} claims…`);
    await runSeed(env, claims);
    events = await count('select count(*) from events');
  }
  console.log('waiting for the live projector to apply the whole log…');
  const caughtUp = performance.now();
  await waitForZeroLag(portal.base);
  console.log(`caught up in ${((performance.now() - caughtUp) / 1000).toFixed(1)} s`);

  // A freshly seeded log is still being vacuumed (hint bits, visibility map) by autovacuum
  // for minutes, which more than doubled the first rebuilds' time: a log in service has
  // long been vacuumed, so the runs start from one.
  const vacuumed = performance.now();
  await db.query('vacuum (analyze) events');
  console.log(`vacuumed the log in ${((performance.now() - vacuumed) / 1000).toFixed(1)} s`);

  const events = await count('select count(*) from events');
  console.log(
    `\nRebuild over ${events} events in the log, ${await count('select count(*) from claims')} claims, ` +
      `${await count('select count(*) from claim_versions')} versions ` +
      `(${cpus().length} cores, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, ${cpus()[0]?.model ?? ''}), ` +
      'while the portal and its live projector ran:\n',
  );
  // Other work on the machine moves the wall time by a third and more: the one-minute load
  // average after each run says whether it had the machine (the rebuild itself makes up to
  // about 2 of it).
  // CPU-seconds do not move with the load as much as wall time does: the two cores' work is
  // what a faster rebuild has to cut (issue 30).
  console.log(
    '| run | wall time s | replay s | after the replay s | log events/s | applied events/s | rebuild Node CPU s | Postgres CPU s | load after |\n|---|---|---|---|---|---|---|---|---|',
  );
  const portalPid = portal.child.pid ?? 0;
  for (let run = 1; run <= Number(values.runs); run += 1) {
    const cpuBefore = { node: waitedChildrenCpu(), postgres: processTreeCpu(portalPid).postgres };
    const rebuild = spawnSync(
      process.execPath,
      [
        '--max-semi-space-size=64',
        '--import',
        'tsx',
        'infra/launcher/projections-cli.ts',
        'rebuild',
        ...(values['batch-size'] ? ['--batch-size', values['batch-size']] : []),
      ],
      { env: { ...process.env, ...env }, encoding: 'utf8' },
    );
    if (rebuild.status !== 0) throw new Error(`rebuild failed:\n${rebuild.stderr}`);
    // "rebuilt claims: N events applied in S s, R events/s; …"
    const [, seconds = 'NaN', perSecond = 'NaN'] =
      /in ([\d.]+) s, (\d+) events\/s/.exec(rebuild.stdout) ?? [];
    // "  replay 12.56 s, vacuum 0.62 s, …": the replay, then the steps that build on it.
    const replay = Number(/replay ([\d.]+) s/.exec(rebuild.stdout)?.[1] ?? Number.NaN);
    const cpuSeconds = {
      node: (waitedChildrenCpu() - cpuBefore.node) / 1000,
      postgres: (processTreeCpu(portalPid).postgres - cpuBefore.postgres) / 1000,
    };
    console.log(
      `| ${run} | ${seconds} | ${replay.toFixed(1)} | ${(Number(seconds) - replay).toFixed(1)} | ` +
        `${Math.round(events / Number(seconds))} | ${perSecond} | ` +
        `${cpuSeconds.node.toFixed(1)} | ${cpuSeconds.postgres.toFixed(1)} | ` +
        `${loadavg()[0]?.toFixed(2)} |`,
    );
  }
} finally {
  await db.end();
  await portal.stop();
}
