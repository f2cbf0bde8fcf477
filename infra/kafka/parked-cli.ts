/**
 * `npm run kafka:parked -- list` shows the events the Kafka relay parked (could not map) and
 * the later events of their claims waiting behind them; `npm run kafka:parked -- retry
 * [--claim ID]` asks the running relay to try them again (after a fix is deployed): it
 * publishes each claim's parked events in log order, and a claim whose first event still
 * fails stays parked with the new error. Exit codes: 0 done, 2 bad arguments, 3 failed.
 */
import { parseArgs } from 'node:util';
import pg from 'pg';
import { configOrExit } from '../launcher/config-or-exit';
import { claimsDatabaseUrl } from '../postgres/embedded';
import { listParked, requestParkedRetry } from './relay-parking';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { claim: { type: 'string' } },
});
const command = positionals[0];
const say = (line: string) => process.stdout.write(`${line}\n`);
if (command !== 'list' && command !== 'retry') {
  process.stderr.write('usage: npm run kafka:parked -- list | retry [--claim ID]\n');
  process.exit(2);
}
const config = configOrExit();
const pool = new pg.Pool({
  connectionString: claimsDatabaseUrl(config),
  max: 1,
});
try {
  if (command === 'list') {
    const parked = await listParked(pool);
    if (parked.length === 0) say('no parked events');
    for (const p of parked) {
      say(
        `${p.parkedAt.toISOString()}  claim ${p.claimId}  ${p.eventType} ${p.eventId}  attempts ${p.attempts}${p.retryRequested ? '  (retry requested)' : ''}\n    ${p.error}`,
      );
    }
  } else {
    const count = await requestParkedRetry(pool, values.claim);
    say(
      count === 0
        ? 'no parked events to retry'
        : `retry requested for ${count} parked event(s); the running relay publishes them within seconds (npm run kafka:parked -- list to follow)`,
    );
  }
} catch (error) {
  process.stderr.write(`kafka:parked failed: ${(error as Error).message}\n`);
  process.exitCode = 3;
} finally {
  await pool.end();
}
