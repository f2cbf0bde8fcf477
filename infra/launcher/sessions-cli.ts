import pg from 'pg';
import { listSessions, revokeSessions } from '../identity/session-revocation';
import { claimsDatabaseUrl } from '../postgres/embedded';
import { configOrExit } from './config-or-exit';

/**
 * `npm run sessions -- list --email ADDRESS [--staff]`: a person's live sessions.
 * `npm run sessions -- revoke --email ADDRESS [--staff]`: ends them on every portal process.
 * A customer by their account's address (any spelling of it); staff by the provider's address.
 * Exit codes: 0 done, 1 no session found, 2 bad arguments, 3 failed.
 */
const USAGE = 'usage: sessions-cli.ts list|revoke --email ADDRESS [--staff]';

function parse(args: readonly string[]) {
  const [command, ...rest] = args;
  const staff = rest.includes('--staff');
  const at = rest.indexOf('--email');
  const email = at >= 0 ? rest[at + 1] : undefined;
  const known = rest.filter((arg, i) => arg !== '--staff' && arg !== '--email' && i !== at + 1);
  if ((command !== 'list' && command !== 'revoke') || !email || known.length > 0) {
    process.stderr.write(`${USAGE}\n`);
    process.exit(2);
  }
  return { command, email, kind: staff ? ('staff' as const) : ('customer' as const) };
}

const { command, email, kind } = parse(process.argv.slice(2));
const config = configOrExit();
const pool = new pg.Pool({ connectionString: claimsDatabaseUrl(config), max: 1 });
const print = (text: string) => process.stdout.write(`${text}\n`);

let exitCode = 0;
try {
  if (command === 'list') {
    const sessions = await listSessions(pool, email, kind);
    if (sessions.length === 0) exitCode = 1;
    print(`${sessions.length} live ${kind} session(s)`);
    for (const session of sessions) {
      print(
        [
          `started ${session.createdAt.toISOString()}`,
          `last seen ${session.lastSeenAt.toISOString()}`,
          `expires ${session.expiresAt.toISOString()}`,
          ...(session.role ? [session.role] : []),
        ].join('\t'),
      );
    }
  } else {
    const ended = await revokeSessions(pool, email, kind);
    print(`ended ${ended} ${kind} session(s)`);
    if (ended === 0) exitCode = 1;
  }
} catch (error) {
  process.stderr.write(`sessions: ${(error as Error).message}\n`);
  exitCode = 3;
} finally {
  await pool.end();
}
process.exitCode = exitCode;
