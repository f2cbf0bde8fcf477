/**
 * `npm run kafka:dlq -- list` shows what the notification consumer parked in `<topic>.dlq`
 * (why, when, after how many tries, and whether it was replayed); `show ID` prints one message
 * whole; `replay ID… | --all` hands them to the notification handler again once the fault is
 * mended (a mail goes at most once per event). Exit codes: 0 done, 1 something was refused,
 * 2 bad arguments, 3 failed.
 */
import { parseArgs } from 'node:util';
import pg from 'pg';
import { configOrExit } from '../launcher/config-or-exit';
import { getLogger } from '../logging/logger';
import { createMailer } from '../mail/create-mailer';
import { claimsDatabaseUrl } from '../postgres/embedded';
import { createKafka } from './kafka-client';
import { type DeadLetter, readDeadLetters, replayDeadLetters } from './notifications/dead-letters';
import { postgresClaimantDirectory } from './notifications/notify-claimant';

const USAGE =
  'usage: npm run kafka:dlq -- list | show PARTITION:OFFSET | replay (PARTITION:OFFSET… | --all)\n';
const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { all: { type: 'boolean', default: false } },
});
const [command, ...ids] = positionals;
const say = (line: string) => process.stdout.write(`${line}\n`);
const badIds = ids.filter((id) => !/^\d{1,5}:\d{1,19}$/.test(id));
if (
  (!(command === 'list' && ids.length === 0) &&
    !(command === 'show' && ids.length === 1) &&
    !(command === 'replay' && (values.all ? ids.length === 0 : ids.length > 0))) ||
  badIds.length > 0
) {
  process.stderr.write(USAGE);
  process.exit(2);
}
const config = configOrExit();
if (!config.KAFKA_BROKERS) {
  process.stderr.write('kafka:dlq: KAFKA_BROKERS is not set: there is no dead-letter topic\n');
  process.exit(2);
}
const pool = new pg.Pool({ connectionString: claimsDatabaseUrl(config), max: 2 });
const kafka = createKafka({
  brokers: config.KAFKA_BROKERS,
  clientId: `${config.KAFKA_CLIENT_ID}-dlq-cli`,
});

const lineOf = (letter: DeadLetter) => {
  const h = letter.headers;
  const replayed = letter.replayed
    ? `  (replayed ${letter.replayed.at.toISOString()}: ${letter.replayed.outcome})`
    : '';
  return `${letter.id}  ${h['dlq-parked-at'] ?? '?'}  ${h['dlq-reason'] ?? '?'}  claim ${letter.key ?? '-'}  attempts ${h['dlq-attempts'] ?? '?'}  from ${h['dlq-original-topic'] ?? '?'}@${h['dlq-original-partition'] ?? '?'}:${h['dlq-original-offset'] ?? '?'}${replayed}\n    ${h['dlq-error'] ?? ''}`;
};

try {
  const letters = await readDeadLetters(kafka, config.KAFKA_TOPIC, pool);
  if (command === 'list') {
    if (letters.length === 0) say('no dead letters');
    for (const letter of letters) say(lineOf(letter));
  } else if (command === 'show') {
    const letter = letters.find((l) => l.id === ids[0]);
    if (!letter) throw new Error(`no dead letter ${ids[0]} (npm run kafka:dlq -- list)`);
    say(lineOf(letter));
    for (const [name, value] of Object.entries(letter.headers)) say(`  ${name}: ${value}`);
    say(letter.value);
  } else {
    const chosen = values.all ? letters : letters.filter((l) => ids.includes(l.id));
    const missing = ids.filter((id) => !letters.some((l) => l.id === id));
    for (const id of missing) say(`${id}: no such dead letter`);
    const mailer = createMailer(config, getLogger(), pool);
    try {
      const results = await replayDeadLetters(chosen, config.KAFKA_TOPIC, {
        pool,
        mailer,
        directory: postgresClaimantDirectory(pool),
        portalUrl: config.PUBLIC_URL,
      });
      for (const r of results)
        say(
          `${r.id}: ${'outcome' in r ? r.outcome : 'skipped' in r ? r.skipped : `refused: ${r.refused}`}`,
        );
      if (missing.length > 0 || results.some((r) => 'refused' in r)) process.exitCode = 1;
    } finally {
      await mailer.close();
    }
  }
} catch (error) {
  process.stderr.write(`kafka:dlq failed: ${(error as Error).message}\n`);
  process.exitCode = 3;
} finally {
  await pool.end();
}
