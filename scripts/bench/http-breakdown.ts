/**
 * `npm run bench:http-breakdown [-- --command submit|edit --clients 8 --seconds 15]`: where
 * the HTTP command path's time goes (issue 30). Starts the portal as `npm start` runs it with
 * `--cpu-prof`, drives N clients, and prints (1) the CPU each process used per request
 * (portal, its Postgres, this client) and (2) the portal's CPU per stage, each profile sample
 * given to the innermost stage on its stack.
 */
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { openHttpPath } from './append/http-path';
import { runWriters } from './append/writers';
import { processTreeCpu, stageTable } from './http-breakdown/stages';

const { values } = parseArgs({
  options: {
    command: { type: 'string', default: 'submit' },
    clients: { type: 'string', default: '8' },
    seconds: { type: 'string', default: '15' },
  },
});
const dataDir = '.data/bench-http-breakdown';
const profileDir = join(dataDir, 'cpu-profile');
rmSync(profileDir, { recursive: true, force: true });
const http = await openHttpPath(dataDir, {
  NODE_OPTIONS: `--cpu-prof --cpu-prof-dir=${profileDir}`,
});
const clients = await Promise.all(
  Array.from({ length: Number(values.clients) }, () =>
    values.command === 'edit' ? http.editor() : http.submitter(),
  ),
);
const portalPid = http.pid();
const before = { portal: processTreeCpu(portalPid), bench: process.cpuUsage() };
const fromUs = Number(process.hrtime.bigint() / 1000n);
const run = await runWriters(clients, Number(values.seconds) * 1000);
const after = { portal: processTreeCpu(portalPid), bench: process.cpuUsage() };
const toUs = Number(process.hrtime.bigint() / 1000n);
await http.stop();

const perRequest = (ms: number) => `${((ms / run.events) * 1000).toFixed(0)} µs`;
const benchMs =
  (after.bench.user + after.bench.system - before.bench.user - before.bench.system) / 1000;
console.log(
  `\n${values.command}, ${values.clients} clients, ${run.events} requests in ${run.seconds.toFixed(1)} s: ${Math.round(run.eventsPerSecond)}/s, p50 ${run.p50.toFixed(1)} ms, p99 ${run.p99.toFixed(1)} ms\n`,
);
console.log('| process | CPU per request |\n|---|---|');
console.log(`| portal (node) | ${perRequest(after.portal.node - before.portal.node)} |`);
console.log(`| its Postgres | ${perRequest(after.portal.postgres - before.portal.postgres)} |`);
console.log(`| bench client | ${perRequest(benchMs)} |`);

const [profileFile] = readdirSync(profileDir).filter((f) => f.endsWith('.cpuprofile'));
if (!profileFile) throw new Error('the portal wrote no CPU profile');
const profile = JSON.parse(readFileSync(join(profileDir, profileFile), 'utf8'));
console.log(
  "\nThe portal process during the run, CPU by stage (the innermost stage on a sample's stack takes it):\n",
);
console.log(stageTable(profile, run.events, fromUs, toUs));
