import {
  type Context,
  context,
  isSpanContextValid,
  propagation,
  type Span,
  SpanKind,
  SpanStatusCode,
  trace,
} from '@opentelemetry/api';

/**
 * W3C trace context across the asynchronous hops (decision 073): an append stores the
 * request's `traceparent` in each event's metadata, and whoever handles the event later (a
 * projection, the Kafka relay, the notification consumer, the mail queue) continues that trace.
 * Only the OpenTelemetry API is used here: with no SDK registered every call is a no-op.
 */

const TRACER_NAME = 'claims-portal';

export const tracer = () => trace.getTracer(TRACER_NAME);

// On globalThis: the bundled site has its own copy of this module.
const ON = Symbol.for('claims-portal.tracing-on');
type Holder = { [ON]?: boolean };

/** True once an SDK was registered (infra/tracing); until then callers skip span work. */
export const tracingOn = (): boolean => (globalThis as Holder)[ON] === true;

export function markTracing(on: boolean): void {
  (globalThis as Holder)[ON] = on;
}

type Carrier = { traceparent?: string; tracestate?: string };

/** The active span's `traceparent`, or undefined when nothing is being traced. */
export function activeTraceparent(): string | undefined {
  const active = trace.getSpanContext(context.active());
  if (!tracingOn() || !active || !isSpanContextValid(active)) return undefined;
  const carrier: Carrier = {};
  propagation.inject(context.active(), carrier);
  return carrier.traceparent;
}

/** The context a stored or received `traceparent` names (the active one when absent). */
export function contextOfTraceparent(traceparent: string | undefined): Context {
  if (!traceparent) return context.active();
  return propagation.extract(context.active(), { traceparent });
}

/**
 * Runs `work` under one span per distinct trace among `traceparents` (a batch mixes the
 * requests of many people): each span is a child of its event's request and ends with the
 * work. Without traced events the work runs alone. Returns each trace's new `traceparent`.
 */
export async function inSpansPerTrace<T>(
  name: string,
  traceparents: Iterable<string | undefined>,
  work: (childOf: (traceparent: string | undefined) => string | undefined) => Promise<T>,
  kind: SpanKind = SpanKind.INTERNAL,
): Promise<T> {
  const spans = new Map<string, Span>();
  if (!tracingOn()) return work(() => undefined);
  for (const traceparent of traceparents) {
    if (!traceparent || spans.has(traceparent) || spans.size >= MAX_SPANS_PER_BATCH) continue;
    spans.set(traceparent, tracer().startSpan(name, { kind }, contextOfTraceparent(traceparent)));
  }
  if (spans.size === 0) return work(() => undefined);
  const childOf = (traceparent: string | undefined) => {
    const span = traceparent ? spans.get(traceparent) : undefined;
    if (!span) return undefined;
    const carrier: Carrier = {};
    propagation.inject(trace.setSpan(context.active(), span), carrier);
    return carrier.traceparent;
  };
  try {
    return await work(childOf);
  } catch (error) {
    for (const span of spans.values()) {
      span.recordException(error as Error);
      span.setStatus({ code: SpanStatusCode.ERROR });
    }
    throw error;
  } finally {
    for (const span of spans.values()) span.end();
  }
}

/** A batch of 500 events from 500 requests gives 100 spans at most; the rest go untraced. */
const MAX_SPANS_PER_BATCH = 100;

export { SpanKind, SpanStatusCode };
