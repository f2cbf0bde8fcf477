import pg from 'pg';
import { emailCollisions } from '../identity/email-collisions';
import { claimsDatabaseUrl } from '../postgres/embedded';
import { configOrExit } from './config-or-exit';

/**
 * `npm run identity -- email-collisions`: accounts registered before addresses were canonical
 * whose addresses name one inbox, or have no canonical form (decision 117). Nothing is merged.
 * Exit codes: 0 none found, 1 some found, 2 bad arguments, 3 failed.
 */
const USAGE = 'usage: identity-cli.ts email-collisions';
const [command, ...extra] = process.argv.slice(2);
if (command !== 'email-collisions' || extra.length > 0) {
  process.stderr.write(`${USAGE}\n`);
  process.exit(2);
}

const config = configOrExit();
const pool = new pg.Pool({ connectionString: claimsDatabaseUrl(config), max: 1 });
const print = (text: string) => process.stdout.write(`${text}\n`);

let exitCode = 0;
try {
  const collisions = await emailCollisions(pool);
  if (collisions.length === 0) print('no two accounts share an inbox');
  for (const { canonical, accounts } of collisions) {
    print(canonical);
    for (const account of accounts) {
      print(
        `\t${account.id}\t${account.createdAt.toISOString()}\t${JSON.stringify(account.email)}`,
      );
    }
  }
  if (collisions.length > 0) exitCode = 1;
} catch (error) {
  process.stderr.write(`identity: ${(error as Error).message}\n`);
  exitCode = 3;
} finally {
  await pool.end();
}
process.exitCode = exitCode;
