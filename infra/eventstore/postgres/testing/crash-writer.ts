/**
 * A process that appends until it is killed: 8 writers, two-event appends to shared
 * streams (expected revision 'any'), so batches of several appends are always committing.
 * Prints "appended N" every 50 appends. Used by append-crash.test.ts.
 * Usage: node --import tsx crash-writer.ts <database url> <stream prefix>
 */
import pg from 'pg';
import { v7 as uuidv7 } from 'uuid';
import type { NewEvent } from '@contracts/event-store';
import { sampleEvent } from '../../testing/sample-event';
import { createPostgresEventStore } from '../postgres-event-store';

const [url, prefix] = process.argv.slice(2);
const pool = new pg.Pool({ connectionString: url, max: 10 });
const store = createPostgresEventStore(pool);
const streams = Array.from({ length: 10 }, (_, i) => `${prefix}-${i}`);

const event = (type: string, pair: string): NewEvent =>
  sampleEvent(
    type,
    { pair },
    { actor: { kind: 'system', id: 'crash-writer' }, correlationId: pair },
  );

let appended = 0;
await Promise.all(
  Array.from({ length: 8 }, async () => {
    for (;;) {
      const pair = uuidv7();
      const stream = streams[Math.floor(Math.random() * streams.length)] as string;
      await store.append(stream, [event('First', pair), event('Second', pair)], {
        expectedRevision: 'any',
      });
      appended += 1;
      if (appended % 50 === 0) console.log(`appended ${appended}`);
    }
  }),
);
