/**
 * `npm run bench:append [-- --seconds 5 --runs 3]`: appends single events with 1, 8 and 32
 * writers (each writer its own stream, expected revision checked) into our Postgres store,
 * Emmett's PostgreSQL store and plain INSERTs, all on one embedded Postgres, then through
 * the portal's HTTP command path; prints medians of the runs and checks every hash chain.
 * With `--only http --alternate-env 'NAME=value …'` the HTTP path runs on two portals instead,
 * B with those settings, the load moved between them in ABBA / BAAB slices of `--seconds`
 * (`--alternate-blocks` of them), to measure what a setting costs (decision 157);
 * `--alternate-checkout DIR` runs B from another checkout, to measure a change of code.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { createPostgresEventStore } from '@infra/eventstore/postgres/postgres-event-store';
import { eventStoreMigrations } from '@infra/eventstore/postgres/schema';
import { ensureDatabase, startEmbeddedPostgres } from '@infra/postgres/embedded';
import { migrate } from '@infra/postgres/migrate';
import { verifyEventChains } from '@projections/audit/verify-chains';
import { freePort } from '@tests/support/free-port';
import { benchAlternatingPortals } from './append/alternating-portals';
import { openHttpPath } from './append/http-path';
import { plainInsertWriters, storeWriter } from './append/store-writers';
import { openReferencePath } from './append/reference-path';
import {
  type AppendOnce,
  benchPayload,
  medianRun,
  runWriters,
  type WriterRun,
} from './append/writers';

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '5' },
    runs: { type: 'string', default: '3' },
    writers: { type: 'string', default: '1,8,32' },
    only: { type: 'string', default: 'ours,emmett,plain,http' },
    'http-writers': { type: 'string', default: '1,8' },
    // Two portals, B with these settings (NAME=value, space-separated; '' for an A/A
    // control), the load alternated between them instead of paired with the reference.
    'alternate-env': { type: 'string' },
    'alternate-blocks': { type: 'string', default: '6' },
    // Portal B from another checkout: the change under test, A being this checkout.
    'alternate-checkout': { type: 'string' },
    // B on the first slot (started first): a second run this way cancels any slot bias.
    'alternate-b-first': { type: 'boolean', default: false },
    // Fresh portals this many times, B on the other slot each time.
    'alternate-rounds': { type: 'string', default: '1' },
  },
});
const durationMs = Number(values.seconds) * 1000;
const runs = Number(values.runs);
const writerCounts = values.writers.split(',').map(Number);
const only = new Set(values.only.split(','));

const emmettFolder = new URL('./emmett-reference/', import.meta.url).pathname;
if (only.has('emmett') && !existsSync(`${emmettFolder}node_modules/@event-driven-io`)) {
  console.log('installing the Emmett reference (scripts/bench/emmett-reference)…');
  execFileSync('npm', ['install', '--no-audit', '--no-fund'], {
    cwd: emmettFolder,
    stdio: 'inherit',
  });
}

const server = await startEmbeddedPostgres({
  dataDir: '.data/bench-append',
  port: await freePort(),
  database: 'bench_ours',
});
const urlOf = (database: string) => server.url.replace(/\/bench_ours$/, `/${database}`);
for (const database of ['bench_emmett', 'bench_plain'])
  await ensureDatabase(urlOf('postgres'), database);

const oursPool = new pg.Pool({ connectionString: server.url, max: 20 });
// The server's defaults: a setting an experiment left on this data folder (ALTER SYSTEM
// persists) would otherwise skew every later run.
await oursPool.query('alter system reset all');
await oursPool.query('select pg_reload_conf()');
await migrate(oursPool, eventStoreMigrations);
const ours = createPostgresEventStore(oursPool);
const emmett = only.has('emmett')
  ? await (await loadEmmettReference()).openEmmettWriters(urlOf('bench_emmett'))
  : undefined;

/**
 * Loaded by a computed path: the reference's packages exist only once the bench installed
 * them, so the type checker of a fresh clone must not follow this import.
 */
async function loadEmmettReference(): Promise<{
  openEmmettWriters(url: string): Promise<{
    writer(stream: string, payload: (n: number) => Record<string, unknown>): () => Promise<void>;
    close(): Promise<void>;
  }>;
}> {
  const module = `${emmettFolder}emmett-writers.ts`;
  return import(module);
}

type Target = 'ours' | 'emmett' | 'plain';
const results = new Map<string, WriterRun[]>();
const key = (target: Target, writers: number) => `${target}:${writers}`;

async function once(target: Target, writers: number): Promise<WriterRun> {
  if (target === 'ours')
    return runWriters(
      Array.from({ length: writers }, (_, w) => storeWriter(ours, w)),
      durationMs,
    );
  if (target === 'emmett') {
    if (!emmett) throw new Error('Emmett is not loaded');
    return runWriters(
      Array.from({ length: writers }, (_, w) =>
        emmett.writer(`bench-${crypto.randomUUID()}`, (n) => benchPayload(w, n)),
      ),
      durationMs,
    );
  }
  const plain = await plainInsertWriters(urlOf('bench_plain'), writers);
  try {
    return await runWriters(plain.writers, durationMs);
  } finally {
    await plain.close();
  }
}

type Client = () => AppendOnce | Promise<AppendOnce>;

async function runOnce(make: Client, writers: number): Promise<WriterRun> {
  const clients = await Promise.all(Array.from({ length: writers }, () => make()));
  return runWriters(clients, durationMs);
}

interface PairedRuns {
  readonly portal: WriterRun;
  readonly reference: WriterRun;
  /** Each pair's portal / reference, in run order. */
  readonly ratios: readonly number[];
  /** Their median. */
  readonly ratio: number;
}

/**
 * Each portal run followed at once by a reference run (the portal paused): this machine's
 * speed drifts by a quarter from one minute to the next, as much for one server as for the
 * other, so a ratio is taken within each pair, where both met the same machine, and the
 * median of those ratios reported (decision 089).
 */
async function pairedRuns(
  portalClient: Client,
  referenceClient: Client,
  writers: number,
  http: { pause(): void; resume(): void },
): Promise<PairedRuns> {
  const portal: WriterRun[] = [];
  const reference: WriterRun[] = [];
  const ratios: number[] = [];
  for (let run = 1; run <= runs; run += 1) {
    const mine = await runOnce(portalClient, writers);
    http.pause();
    let limit: WriterRun;
    try {
      limit = await runOnce(referenceClient, writers);
    } finally {
      http.resume();
    }
    portal.push(mine);
    reference.push(limit);
    ratios.push(mine.eventsPerSecond / limit.eventsPerSecond);
  }
  const sorted = [...ratios].sort((a, b) => a - b);
  return {
    portal: medianRun(portal),
    reference: medianRun(reference),
    ratios,
    ratio: sorted[Math.floor(sorted.length / 2)] as number,
  };
}

/**
 * The command path through the portal, each writer a client waiting for its answer, and
 * beside it the reference server (reference-server.ts) on the same database with the portal
 * paused: the practical limit of this architecture (issue 30).
 */
async function benchHttpPath(): Promise<void> {
  const http = await openHttpPath('.data/bench-append-portal');
  const reference = await openReferencePath(http.sessions());
  const ms = (m: WriterRun) => `${m.p50.toFixed(1)} / ${m.p99.toFixed(1)}`;
  try {
    const rows: string[] = [];
    for (const writers of values['http-writers'].split(',').map(Number)) {
      for (const [label, portalClient, referenceClient] of [
        ['submit claim, no files', http.submitter, reference.submitter],
        ['staff edit (benefit amount)', http.editor, reference.editor],
      ] as const) {
        const {
          portal,
          reference: limit,
          ratios,
          ratio,
        } = await pairedRuns(portalClient, referenceClient, writers, http);
        rows.push(
          `| ${label} | ${writers} | ${Math.round(portal.eventsPerSecond)} | ${ms(portal)} | ${Math.round(limit.eventsPerSecond)} | ${ms(limit)} | ${ratio.toFixed(2)}× |`,
        );
        console.log(rows.at(-1));
        console.log(`  each pair's ratio: ${ratios.map((r) => `${r.toFixed(2)}×`).join(', ')}`);
      }
    }
    console.log(
      `\nThe HTTP command path (portal as npm start runs it; a request returns once its event is stored; the caller's next read waits for the claims read model, decision 096) beside the reference server (session lookup and append only), medians of ${runs} runs of ${values.seconds} s, each portal run followed by a reference run; portal / reference is the median of the pairs' ratios:\n`,
    );
    console.log(
      '| command | clients | portal requests/s | portal p50 / p99 ms | reference requests/s | reference p50 / p99 ms | portal / reference |\n|---|---|---|---|---|---|---|',
    );
    console.log(rows.join('\n'));
  } finally {
    await reference.stop();
    await http.stop();
  }
}

async function benchAlternating(): Promise<void> {
  const envB = Object.fromEntries(
    (values['alternate-env'] ?? '')
      .split(/\s+/)
      .filter(Boolean)
      .map((pair) => {
        const at = pair.indexOf('=');
        if (at < 1) throw new Error(`--alternate-env wants NAME=value pairs, not ${pair}`);
        return [pair.slice(0, at), pair.slice(at + 1)];
      }),
  );
  for (const writers of values['http-writers'].split(',').map(Number))
    await benchAlternatingPortals({
      envB,
      blocks: Number(values['alternate-blocks']),
      writers,
      sliceMs: durationMs,
      cwdB: values['alternate-checkout'],
      bFirst: values['alternate-b-first'],
      rounds: Number(values['alternate-rounds']),
    });
}

try {
  const targets = (['ours', 'emmett', 'plain'] as const).filter((t) => only.has(t));
  for (let run = 1; run <= runs; run += 1) {
    for (const writers of writerCounts) {
      for (const target of targets) {
        const result = await once(target, writers);
        const list = results.get(key(target, writers)) ?? [];
        list.push(result);
        results.set(key(target, writers), list);
        console.log(
          `run ${run} ${target} ${writers} writers: ${Math.round(result.eventsPerSecond)} events/s, p99 ${result.p99.toFixed(1)} ms`,
        );
      }
    }
  }

  console.log(
    `\nSingle-event appends, medians of ${runs} runs of ${values.seconds} s (${cpus().length} cores, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, ${cpus()[0]?.model ?? ''}):\n`,
  );
  console.log(
    '| store | writers | events/s | p50 ms | p95 ms | p99 ms |\n|---|---|---|---|---|---|',
  );
  for (const writers of writerCounts) {
    for (const target of targets) {
      const m = medianRun(results.get(key(target, writers)) ?? []);
      console.log(
        `| ${target} | ${writers} | ${Math.round(m.eventsPerSecond)} | ${m.p50.toFixed(2)} | ${m.p95.toFixed(2)} | ${m.p99.toFixed(2)} |`,
      );
    }
  }
  for (const writers of only.has('ours') ? writerCounts : []) {
    const o = medianRun(results.get(key('ours', writers)) ?? []).eventsPerSecond;
    const e = results.get(key('emmett', writers));
    const p = results.get(key('plain', writers));
    console.log(
      `${writers} writers: ours/emmett ${e ? (o / medianRun(e).eventsPerSecond).toFixed(2) : '-'}×, ours/plain ${p ? (o / medianRun(p).eventsPerSecond).toFixed(2) : '-'}×`,
    );
  }
  const alternate = values['alternate-env'] ?? values['alternate-checkout'];
  if (only.has('http') && alternate !== undefined) await benchAlternating();
  else if (only.has('http')) await benchHttpPath();
  const chains = await verifyEventChains(oursPool);
  console.log(
    `\nhash chains after the bench: ${chains.ok ? 'all verify' : 'BROKEN'} (${chains.streams} streams, ${chains.events} events)`,
  );
  if (!chains.ok) process.exitCode = 1;
} finally {
  await emmett?.close();
  await ours.close();
  await oursPool.end();
  await server.stop();
}
