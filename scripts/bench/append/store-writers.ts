import pg from 'pg';
import { v7 as uuidv7 } from 'uuid';
import type { EventStore, NewEvent } from '@contracts/event-store';
import { sampleEvent } from '@infra/eventstore/testing/sample-event';
import { benchPayload } from './writers';

/** Our store: each writer appends one event at a time to its own stream, revision checked. */
export function storeWriter(store: EventStore, writer: number): () => Promise<void> {
  const streamId = `bench-${uuidv7()}`;
  let revision: bigint | 'no_stream' = 'no_stream';
  let sequence = 0;
  return async () => {
    const result = await store.append(streamId, [benchEvent(writer, sequence)], {
      expectedRevision: revision,
    });
    revision = result.nextExpectedRevision;
    sequence += 1;
  };
}

const benchEvent = (writer: number, sequence: number): NewEvent =>
  sampleEvent('BenchFieldChanged', benchPayload(writer, sequence), {
    actor: { kind: 'system', id: 'bench-append' },
  });

/** The floor: one autocommitted single-row INSERT per call, one connection per writer. */
export async function plainInsertWriters(
  connectionString: string,
  writers: number,
): Promise<{ writers: Array<() => Promise<void>>; close(): Promise<void> }> {
  const clients = await Promise.all(
    Array.from({ length: writers }, async () => {
      const client = new pg.Client({ connectionString });
      await client.connect();
      return client;
    }),
  );
  await clients[0]?.query(
    'create table if not exists plain_events (id bigint generated always as identity primary key, stream_id text not null, data jsonb not null)',
  );
  return {
    writers: clients.map((client, writer) => {
      const streamId = `bench-${uuidv7()}`;
      let sequence = 0;
      return async () => {
        await client.query({
          name: 'plain-insert',
          text: 'insert into plain_events (stream_id, data) values ($1, $2)',
          values: [streamId, JSON.stringify(benchPayload(writer, sequence))],
        });
        sequence += 1;
      };
    }),
    close: async () => {
      await Promise.all(clients.map((c) => c.end()));
    },
  };
}
