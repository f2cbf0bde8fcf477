import { SpanKind, SpanStatusCode, context, trace } from '@opentelemetry/api';
import type { EventStore, NewEvent } from '@contracts/event-store';
import { activeTraceparent, tracer, tracingOn } from '@contracts/trace-context';
import { portalMetrics, secondsSince } from '../metrics/metrics';

const outcomeOf = (error: unknown) =>
  (error as { code?: unknown }).code === 'WRONG_EXPECTED_REVISION' ? 'conflict' : 'error';

/**
 * The event store with its appends measured (latency by outcome) and, when tracing is on,
 * traced: each event's metadata carries the append span's `traceparent` (decision 073), so
 * the projections, the relay and the mail continue the request's trace. The metadata is
 * hashed with the event; a retry is recognised by its event ids, so a retry from another
 * trace is still the same append.
 */
export function observedEventStore(store: EventStore): EventStore {
  const { appendDuration } = portalMetrics();
  return {
    readStream: (streamId, options) => store.readStream(streamId, options),
    readAll: (options) => store.readAll(options),
    ...(store.readAllEach && { readAllEach: store.readAllEach.bind(store) }),
    subscribe: (options) => store.subscribe(options),
    close: () => store.close(),
    async append(streamId, events, options) {
      const started = performance.now();
      const run = async (traced: readonly NewEvent[]) => {
        try {
          const result = await store.append(streamId, traced, options);
          appendDuration.observe({ outcome: 'ok' }, secondsSince(started));
          return result;
        } catch (error) {
          appendDuration.observe({ outcome: outcomeOf(error) }, secondsSince(started));
          throw error;
        }
      };
      if (!tracingOn()) return run(events);
      const span = tracer().startSpan('eventstore append', {
        kind: SpanKind.CLIENT,
        attributes: {
          'claims.stream.category': streamId.split('-', 1)[0],
          'claims.events': events.length,
        },
      });
      return context.with(trace.setSpan(context.active(), span), async () => {
        const traceparent = activeTraceparent();
        try {
          return await run(
            traceparent
              ? events.map((e) => ({ ...e, metadata: { ...e.metadata, traceparent } }))
              : events,
          );
        } catch (error) {
          span.setStatus({ code: SpanStatusCode.ERROR });
          throw error;
        } finally {
          span.end();
        }
      });
    },
  };
}
