/**
 * `npm run bench:http-breakdown [-- --command submit|edit --clients 8 --seconds 15]`: where
 * the HTTP command path's time goes (issue 30). Starts the portal as `npm start` runs it with
 * `--cpu-prof`, drives N clients, then the reference server (append/reference-server.ts) on the
 * same database with the portal paused, and prints (1) the CPU each process used per request
 * (server, Postgres, this client) for both and (2) the portal's CPU per stage, each profile
 * sample given to the innermost stage on its stack.
 */
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { openHttpPath } from './append/http-path';
import { openReferencePath } from './append/reference-path';
import { runWriters } from './append/writers';
import { stageTable } from './http-breakdown/stages';
import { processTreeCpu } from './process-cpu';

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
const benchMs = cpuMs(after.bench) - cpuMs(before.bench);

// The reference on the same database, the portal paused (its Postgres keeps serving).
const reference = await openReferencePath(http.sessions());
const referenceClients = await Promise.all(
  Array.from({ length: Number(values.clients) }, () =>
    values.command === 'edit' ? reference.editor() : reference.submitter(),
  ),
);
http.pause();
const refBefore = {
  node: processTreeCpu(reference.pid()).node,
  postgres: processTreeCpu(portalPid).postgres,
  bench: process.cpuUsage(),
};
const limit = await runWriters(referenceClients, Number(values.seconds) * 1000);
const refAfter = {
  node: processTreeCpu(reference.pid()).node,
  postgres: processTreeCpu(portalPid).postgres,
  bench: process.cpuUsage(),
};
http.resume();
await reference.stop();
await http.stop();

const perRequest = (ms: number, requests: number) => `${((ms / requests) * 1000).toFixed(0)} µs`;
const summary = (who: string, r: typeof run) =>
  `${who}: ${r.events} requests in ${r.seconds.toFixed(1)} s, ${Math.round(r.eventsPerSecond)}/s, p50 ${r.p50.toFixed(1)} ms, p99 ${r.p99.toFixed(1)} ms`;
console.log(`\n${values.command}, ${values.clients} clients`);
console.log(summary('portal', run));
console.log(`${summary('reference', limit)}\n`);
console.log('| CPU per request | portal | reference |\n|---|---|---|');
console.log(
  `| the server (Node) | ${perRequest(after.portal.node - before.portal.node, run.events)} | ${perRequest(refAfter.node - refBefore.node, limit.events)} |`,
);
console.log(
  `| Postgres | ${perRequest(after.portal.postgres - before.portal.postgres, run.events)} | ${perRequest(refAfter.postgres - refBefore.postgres, limit.events)} |`,
);
console.log(
  `| the bench's client | ${perRequest(benchMs, run.events)} | ${perRequest(cpuMs(refAfter.bench) - cpuMs(refBefore.bench), limit.events)} |`,
);

// The main thread's profile (a worker thread writes one of its own).
const [profileFile] = readdirSync(profileDir).filter((f) => /\.\d+\.0\.\d+\.cpuprofile$/.test(f));
if (!profileFile) throw new Error('the portal wrote no CPU profile');
const profile = JSON.parse(readFileSync(join(profileDir, profileFile), 'utf8'));
console.log(
  "\nThe portal process during its run, CPU by stage (the innermost stage on a sample's stack takes it):\n",
);
console.log(stageTable(profile, run.events, fromUs, toUs));

function cpuMs(usage: NodeJS.CpuUsage): number {
  return (usage.user + usage.system) / 1000;
}
