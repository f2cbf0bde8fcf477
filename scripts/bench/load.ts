/**
 * `npm run bench:load [-- --minutes 10 --customers 12 --staff 3]`: a bounded mixed load on
 * loopback against the portal as `npm start` runs it (with a real SMTP server for the
 * codes): customers register, sign in (password and mailed code), open their dashboard,
 * submit claims with files and sign out; staff search, open claims and save edits. Each user is a loop with
 * about a second of thinking between steps and its own loopback address. Prints p50/95/99
 * and errors per route after the warm-up, and the portal's RSS after warm-up and at the end.
 * Exits 1 on any error, or when RSS grows more than 10 % over the minute after warm-up
 * (last minute's mean, or any sample).
 */
import { rmSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { parseArgs } from 'node:util';
import { freePort } from '@tests/support/free-port';
import { startSmtpCapture } from '@tests/support/smtp-capture';
import {
  type CustomerContext,
  openDashboard,
  register,
  signIn,
  signOut,
  submitClaimWithFiles,
} from './load/customer-journey';
import { RouteStats } from './load/route-stats';
import { rssDrift, sampleRss } from './load/rss-sampler';
import {
  amendClaim,
  openClaim,
  type StaffContext,
  searchByEmail,
  signInStaff,
} from './load/staff-journey';
import { VirtualClient } from './load/virtual-client';
import { startPortal } from './portal-process';

const { values } = parseArgs({
  options: {
    minutes: { type: 'string', default: '10' },
    'warm-up': { type: 'string', default: '120' },
    customers: { type: 'string', default: '12' },
    staff: { type: 'string', default: '3' },
    'think-ms': { type: 'string', default: '1000' },
    'session-steps': { type: 'string', default: '24' },
  },
});
const runMs = Number(values.minutes) * 60_000;
const warmUpMs = Number(values['warm-up']) * 1000;
const thinkMs = Number(values['think-ms']);
const sessionSteps = Number(values['session-steps']);
const customerLoops = Number(values.customers);
const dataDir = '.data/bench-load';
rmSync(dataDir, { recursive: true, force: true });

const smtp = await startSmtpCapture();
const portal = await startPortal(
  {
    DATA_DIR: dataDir,
    EMBEDDED_POSTGRES_PORT: String(await freePort()),
    DEMO_DATA: 'on',
    SMTP_URL: smtp.url,
  },
  await freePort(),
);
const stats = new RouteStats();
const think = () => new Promise((r) => setTimeout(r, thinkMs * (0.7 + Math.random() * 0.6)));
const runId = Date.now().toString(36);

const staff: StaffContext[] = Array.from({ length: Number(values.staff) }, (_, i) => ({
  client: new VirtualClient(portal.base, `127.0.3.${i + 1}`),
  stats,
}));
/** Customers whose sessions ran, newest last: what staff look up, per agent. */
const recentCustomers: string[][] = staff.map(() => []);

/**
 * One virtual customer after another on this loop: each registers from an address of its
 * own, signs in with the mailed code, opens its dashboard and submits a few claims with
 * files over ~`session-steps` steps, then signs out. Steady state: no dashboard grows
 * without end, as real customers hold a handful of claims each.
 */
async function customerLoop(loop: number, deadline: number): Promise<void> {
  for (let session = 1; performance.now() < deadline; session += 1) {
    const customer: CustomerContext = {
      client: new VirtualClient(portal.base, `127.10.${loop}.${(session % 250) + 1}`),
      smtp,
      stats,
      email: `load.${loop}.${session}.${runId}@example.test`,
    };
    try {
      await register(customer);
      await signIn(customer);
      for (let step = 0; step < sessionSteps && performance.now() < deadline; step += 1) {
        await openDashboard(customer);
        if (step % 6 === 0) await submitClaimWithFiles(customer);
        await think();
      }
      await signOut(customer);
      const mine = recentCustomers[loop % staff.length] as string[];
      mine.push(customer.email);
      if (mine.length > 32) mine.shift();
    } catch {
      // Counted by RouteStats; the next customer comes along.
      await think();
    } finally {
      customer.client.close();
    }
  }
}

const claimNumbers = new Map<string, string>();
async function staffLoop(agent: StaffContext, index: number, deadline: number): Promise<void> {
  // Each agent looks after its own customers, so two agents never save one claim at once.
  const mine = recentCustomers[index] as string[];
  let cents = 100_000;
  for (let step = 0; performance.now() < deadline; step += 1) {
    try {
      const email = mine[step % Math.max(1, mine.length)];
      const [newest] = email ? await searchByEmail(agent, email) : [];
      if (newest) {
        await openClaim(agent, newest.submissionId);
        if (step % 2 === 0) {
          const number =
            claimNumbers.get(newest.submissionId) ??
            `L${String(claimNumbers.size + 1).padStart(7, '0')}`;
          claimNumbers.set(newest.submissionId, number);
          cents += 1;
          await amendClaim(agent, newest.submissionId, number, cents);
        }
      }
    } catch {
      // Counted by RouteStats.
    }
    await think();
  }
}

try {
  console.log(`signing ${staff.length} agents in…`);
  for (const agent of staff) await signInStaff(agent, 'dev-agent-claire');

  console.log(`running for ${values.minutes} min (warm-up ${values['warm-up']} s)…`);
  const rss = sampleRss(portal.child.pid as number, 5_000);
  stats.recording = false;
  setTimeout(() => {
    stats.recording = true;
  }, warmUpMs);
  const deadline = performance.now() + runMs;
  await Promise.all([
    ...Array.from({ length: customerLoops }, (_, loop) => customerLoop(loop, deadline)),
    ...staff.map((agent, index) => staffLoop(agent, index, deadline)),
  ]);
  rss.stop();

  const drift = rssDrift(rss.samples, warmUpMs / 1000);
  const perMinute = rss.samples
    .filter((_, i) => i % 12 === 0)
    .map((sample) => sample.mib.toFixed(0));
  console.log(
    `\nMixed load for ${values.minutes} min, ${customerLoops} customer loops (a new customer every ~${sessionSteps} steps) and ${staff.length} staff, ~${thinkMs} ms thinking between steps (${cpus().length} cores, ${(totalmem() / 2 ** 30).toFixed(0)} GiB); latencies after a ${values['warm-up']} s warm-up, errors over the whole run:\n`,
  );
  console.log(stats.table());
  console.log(
    `\nerrors: ${stats.errors}; portal RSS: ${drift.afterWarmUp.toFixed(0)} MiB in the minute after warm-up, ${drift.lastMinute.toFixed(0)} MiB in the last minute (${drift.changePercent >= 0 ? '+' : ''}${drift.changePercent.toFixed(1)} %); peak ${Math.max(...rss.samples.map((s) => s.mib)).toFixed(0)} MiB; mails sent: ${smtp.messages.length}`,
  );
  console.log(`portal RSS each minute (MiB): ${perMinute.join(', ')}`);
  for (const example of stats.examples()) console.log(`  ${example}`);
  console.log(
    `highest sample after warm-up: ${drift.peakPercent >= 0 ? '+' : ''}${drift.peakPercent.toFixed(1)} % over the minute after warm-up`,
  );
  // Growth is what a leak looks like; memory handed back to the system is not.
  if (stats.errors > 0 || drift.changePercent > 10 || drift.peakPercent > 10) process.exitCode = 1;
} finally {
  for (const agent of staff) agent.client.close();
  await portal.stop();
  await smtp.stop();
}
