import { parseArgs } from 'node:util';
import { customerFor, generateClaim, randomFrom } from '../demo/claim-generator';
import { importNewStreams, type NewStream } from '../eventstore/postgres/import-streams';
import { claimsDatabaseUrl } from '../postgres/embedded';
import { migrate } from '../postgres/migrate';
import { allMigrations } from '../postgres/migrations';
import { closeRuntime, openRuntime } from '../runtime';
import { configOrExit } from './config-or-exit';

/**
 * `npm run seed -- --claims N [--seed S] [--writers W] [--batch B]`: writes N realistic claims
 * (every status, staff saves, documents, many customers) through the real event store, B claims
 * per transaction on W connections.
 */
const USAGE = 'usage: npm run seed -- --claims N [--seed S] [--writers W] [--batch B]';

function readArguments() {
  try {
    const { values } = parseArgs({
      options: {
        claims: { type: 'string' },
        seed: { type: 'string', default: '1' },
        writers: { type: 'string', default: '2' },
        batch: { type: 'string', default: '500' },
      },
    });
    const numbers = [values.claims, values.seed, values.writers, values.batch].map((v) =>
      Number(v),
    );
    if (numbers.some((n) => !Number.isInteger(n) || n < 1)) throw new Error('not whole numbers');
    const [claims, seed, writers, batch] = numbers as [number, number, number, number];
    return { claims, seed, writers, batch };
  } catch {
    process.stderr.write(`${USAGE}\n`);
    process.exit(2);
  }
}

const args = readArguments();
const config = configOrExit();
const databaseUrl = claimsDatabaseUrl(config);
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

/** The next claims to write, generated in order so a seed always gives the same data. */
function nextClaims(count: number): NewStream[] {
  const streams: NewStream[] = [];
  for (; count > 0 && next < args.claims; count--, next++) {
    const customer = customerFor(Math.floor(random.next() * customers));
    streams.push(...generateClaim(next + args.seed * 10_000_000, customer, random, now).streams);
  }
  return streams;
}

// On Postgres, a batch of claims per transaction; EventStoreDB takes them one append each.
const write = runtime.config.EVENTSTORE_URL
  ? async (streams: readonly NewStream[]) => {
      for (const { streamId, events: batch } of streams)
        await runtime.eventStore.append(streamId, batch, { expectedRevision: 'no_stream' });
    }
  : (streams: readonly NewStream[]) => importNewStreams(runtime.pool, streams);

await Promise.all(
  Array.from({ length: args.writers }, async () => {
    for (
      let streams = nextClaims(args.batch);
      streams.length > 0;
      streams = nextClaims(args.batch)
    ) {
      await write(streams);
      events += streams.reduce((sum, stream) => sum + stream.events.length, 0);
    }
  }),
);
clearInterval(progress);
const seconds = (performance.now() - started) / 1000;
process.stdout.write(
  `seeded ${args.claims} claims, ${events} events in ${seconds.toFixed(1)} s (${Math.round(events / seconds)} events/s)\n`,
);
await closeRuntime();
