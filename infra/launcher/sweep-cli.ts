import { parseArgs } from 'node:util';
import { sweepOrphanedClaimObjects } from '@services/claims/sweep-orphaned-objects';
import { claimsDatabaseUrl } from '../postgres/embedded';
import { closeRuntime, openRuntime } from '../runtime';
import { configOrExit } from './config-or-exit';

/**
 * `npm run documents:sweep [-- --grace-minutes 60]`: deletes claim objects that no event
 * names and that are older than the grace period (the portal also does this hourly).
 * Exit codes: 0 done, 2 bad arguments, 3 failed.
 */
const { values } = parseArgs({ options: { 'grace-minutes': { type: 'string', default: '60' } } });
const graceMinutes = Number(values['grace-minutes']);
if (!Number.isFinite(graceMinutes) || graceMinutes < 0) {
  process.stderr.write('--grace-minutes must be a number ≥ 0\n');
  process.exit(2);
}
const config = configOrExit();
const runtime = await openRuntime(config, claimsDatabaseUrl(config));
try {
  const { checked, deleted } = await sweepOrphanedClaimObjects(runtime, {
    now: new Date(),
    graceMs: graceMinutes * 60_000,
  });
  process.stdout.write(`checked ${checked} objects, deleted ${deleted.length} orphans\n`);
} catch (error) {
  process.stderr.write(`sweep failed: ${(error as Error).message}\n`);
  process.exitCode = 3;
} finally {
  await closeRuntime();
}
