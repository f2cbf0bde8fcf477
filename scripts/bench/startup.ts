/**
 * `npm run bench:startup [-- --runs 3]`: how long `npm start`'s launcher takes until it
 * serves /en/, and its memory then. Three cases, median of the runs: first start (no data
 * folder, no build), fresh data folder with the site built, and a restart on kept data.
 */
import { rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { freePort } from '@tests/support/free-port';
import { startPortal } from './portal-process';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '3' } } });
const runs = Number(values.runs);
const dataDir = '.data/bench-startup';

interface Sample {
  readonly seconds: number;
  readonly rssMiB: number;
}

async function timeOneStart(): Promise<Sample> {
  const env = {
    DATA_DIR: dataDir,
    EMBEDDED_POSTGRES_PORT: String(await freePort()),
    DEMO_DATA: 'on',
  };
  const started = performance.now();
  const portal = await startPortal(env, await freePort(), 25);
  const seconds = (performance.now() - started) / 1000;
  const status = await readFile(`/proc/${portal.child.pid}/status`, 'utf8');
  const rssMiB = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
  await portal.stop();
  return { seconds, rssMiB };
}

const cases: Record<string, () => void> = {
  'first start (no data, no build)': () => {
    rmSync(dataDir, { recursive: true, force: true });
    rmSync('dist', { recursive: true, force: true });
  },
  'fresh data folder, site built': () => rmSync(dataDir, { recursive: true, force: true }),
  'restart on kept data': () => {},
};

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

console.log(`Node ${process.version}, ${runs} runs per case (median)`);
console.log('| case | seconds to serve /en/ | launcher RSS (MiB) |');
console.log('|---|---|---|');
for (const [name, prepare] of Object.entries(cases)) {
  const samples: Sample[] = [];
  for (let run = 0; run < runs; run += 1) {
    prepare();
    samples.push(await timeOneStart());
  }
  const seconds = median(samples.map((s) => s.seconds));
  const rss = median(samples.map((s) => s.rssMiB));
  console.log(`| ${name} | ${seconds.toFixed(2)} | ${rss.toFixed(0)} |`);
}
rmSync(dataDir, { recursive: true, force: true });
