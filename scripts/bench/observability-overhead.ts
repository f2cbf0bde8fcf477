import { EventEmitter } from 'node:events';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { EventStore, NewEvent } from '@contracts/event-store';
import { observedEventStore } from '@infra/eventstore/observed-event-store';
import { nameRoute, observeRequests } from '@infra/http/observe-requests';

/**
 * What the metrics (and, untraced, the tracing hooks) add to each request and each append,
 * in process, with the I/O taken away: `node --import tsx scripts/bench/observability-overhead.ts`.
 */
const ROUNDS = 200_000;

function fakeExchange(): [IncomingMessage, ServerResponse] {
  const req = Object.assign(new EventEmitter(), {
    method: 'POST',
    url: '/api/claims',
    headers: {},
  }) as unknown as IncomingMessage;
  const res = Object.assign(new EventEmitter(), { statusCode: 201 }) as unknown as ServerResponse;
  return [req, res];
}

function timeRequests(handler: (req: IncomingMessage, res: ServerResponse) => void): number {
  const started = process.hrtime.bigint();
  for (let i = 0; i < ROUNDS; i++) {
    const [req, res] = fakeExchange();
    handler(req, res);
    res.emit('close');
  }
  return Number(process.hrtime.bigint() - started) / ROUNDS;
}

const event: NewEvent = {
  type: 'Probe',
  data: {},
  metadata: {
    eventId: '0190a6f0-1111-7222-8333-444455556666',
    occurredAt: new Date().toISOString(),
    actor: { kind: 'system', id: 'bench' },
    correlationId: 'bench',
    causationId: 'bench',
    tenant: 'base',
    schemaVersion: 1,
  },
};
const bare = {
  append: async () => ({ nextExpectedRevision: 0n, position: { commit: 1n, prepare: 1n } }),
} as unknown as EventStore;

async function timeAppends(store: EventStore): Promise<number> {
  const started = process.hrtime.bigint();
  for (let i = 0; i < ROUNDS; i++)
    await store.append('claim-x', [event], { expectedRevision: 'any' });
  return Number(process.hrtime.bigint() - started) / ROUNDS;
}

const handler = () => nameRoute('/api/claims');
for (let warm = 0; warm < 2; warm++) {
  const plainRequest = timeRequests(handler);
  const observedRequest = timeRequests(observeRequests(handler));
  const plainAppend = await timeAppends(bare);
  const observedAppend = await timeAppends(observedEventStore(bare));
  if (warm === 0) continue;
  console.log(
    JSON.stringify({
      rounds: ROUNDS,
      requestNs: { plain: Math.round(plainRequest), observed: Math.round(observedRequest) },
      appendNs: { plain: Math.round(plainAppend), observed: Math.round(observedAppend) },
    }),
  );
}
