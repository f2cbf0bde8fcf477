import pg from 'pg';
import { listDeadLetters, requeueDeadLetters } from '../mail/mail-dead-letters';
import { claimsDatabaseUrl } from '../postgres/embedded';
import { configOrExit } from './config-or-exit';

/**
 * `npm run mail -- dead-letters`: mail not delivered within the retry window (no text shown).
 * `npm run mail -- requeue <id>` | `requeue --all`: back to the queue, same Message-ID; a
 * running portal sends it within its idle poll (15 s).
 * Exit codes: 0 done, 1 no such dead letter, 2 bad arguments, 3 failed.
 */
const USAGE = 'usage: mail-cli.ts dead-letters | requeue <id> | requeue --all';

function usage(message: string): never {
  process.stderr.write(`${message}\n${USAGE}\n`);
  process.exit(2);
}

const [command, target, ...extra] = process.argv.slice(2);
if (extra.length > 0) usage(`unexpected arguments: ${extra.join(' ')}`);
if (command === 'dead-letters' && target !== undefined) usage(`unexpected argument: ${target}`);
if (command === 'requeue' && target !== '--all' && !/^\d{1,18}$/.test(target ?? '')) {
  usage('requeue needs a dead letter id (a number) or --all');
}
if (command !== 'dead-letters' && command !== 'requeue') {
  usage(`unknown command: ${command ?? '(none)'}`);
}

const config = configOrExit();
const pool = new pg.Pool({
  connectionString: claimsDatabaseUrl(config),
  max: 1,
});
const print = (text: string) => process.stdout.write(`${text}\n`);

let exitCode = 0;
try {
  if (command === 'dead-letters') {
    const letters = await listDeadLetters(pool);
    if (letters.length === 0) print('no dead letters');
    for (const letter of letters) {
      print(
        [
          letter.id,
          letter.deadAt.toISOString(),
          letter.to,
          letter.messageId,
          `attempts ${letter.attempts}`,
          letter.lastError ?? '',
          JSON.stringify(letter.subject),
        ].join('\t'),
      );
    }
  } else {
    const moved = await requeueDeadLetters(pool, target === '--all' ? 'all' : { id: target ?? '' });
    print(`requeued ${moved}`);
    if (moved === 0 && target !== '--all') exitCode = 1;
  }
} catch (error) {
  process.stderr.write(`mail: ${(error as Error).message}\n`);
  exitCode = 3;
} finally {
  await pool.end();
}
process.exit(exitCode);
