import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { customerFor, generateClaim, randomFrom } from '../demo/claim-generator';
import { embeddedDatabaseUrl } from '../postgres/embedded';
import { migrate } from '../postgres/migrate';
import { allMigrations } from '../postgres/migrations';
import { closeRuntime, openRuntime } from '../runtime';
import { configOrExit } from './config-or-exit';

/**
 * `npm run seed -- --claims N [--seed S] [--writers W]`: writes N realistic claims (every
 * status, staff saves, documents, many customers) through the real event store.
 */
const USAGE = 'usage: npm run seed -- --claims N [--seed S] [--writers W]';

function readArguments() {
  try {
    const { values } = parseArgs({
      options: {
        claims: { type: 'string' },
        seed: { type: 'string', default: '1' },
        writers: { type: 'string', default: '8' },
      },
    });
    const numbers = [values.claims, values.seed, values.writers].map((v) => Number(v));
    if (numbers.some((n) => !Number.isInteger(n) || n < 1)) throw new Error('not whole numbers');
    const [claims, seed, writers] = numbers as [number, number, number];
    return { claims, seed, writers };
  } catch {
    process.stderr.write(`${USAGE}\n`);
    process.exit(2);
  }
}

const args = readArguments();
const config = configOrExit();
const databaseUrl =
  config.DATABASE_URL ??
  embeddedDatabaseUrl(resolve(config.DATA_DIR), config.EMBEDDED_POSTGRES_PORT, 'claims');
const runtime = await openRuntime(config, databaseUrl);
await migrate(runtime.pool, allMigrations);

const random = randomFrom(args.seed);
const customers = Math.max(1, Math.ceil(args.claims / 3));
const now = Date.now();
const started = performance.now();
let next = 0;
let events = 0;
const progress = setInterval(() => {
  process.stdout.write(`  ${next} / ${args.claims} claims, ${events} events\n`);
}, 5_000);

await Promise.all(
  Array.from({ length: args.writers }, async () => {
    for (let index = next++; index < args.claims; index = next++) {
      const customer = customerFor(Math.floor(random.next() * customers));
      for (const { streamId, events: batch } of generateClaim(
        index + args.seed * 10_000_000,
        customer,
        random,
        now,
      ).streams) {
        await runtime.eventStore.append(streamId, batch, { expectedRevision: 'no_stream' });
        events += batch.length;
      }
    }
  }),
);
clearInterval(progress);
const seconds = (performance.now() - started) / 1000;
process.stdout.write(
  `seeded ${args.claims} claims, ${events} events in ${seconds.toFixed(1)} s (${Math.round(events / seconds)} events/s)\n`,
);
await closeRuntime();
