import { context, propagation, SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import {
  InMemorySpanExporter,
  SimpleSpanProcessor,
  TracerProvider,
} from '@opentelemetry/sdk-trace';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  activeTraceparent,
  contextOfTraceparent,
  inSpansPerTrace,
  markTracing,
  tracer,
  tracingOn,
} from './trace-context';

/** A traceparent of trace `n` (two hex digits), as a request stored it. */
const parent = (n: number) => `00-${n.toString(16).padStart(32, '0')}-${'1'.repeat(16)}-01`;
const traceOf = (traceparent: string | undefined) => traceparent?.split('-')[1];

const exporter = new InMemorySpanExporter();
const provider = new TracerProvider({
  spanProcessors: [new SimpleSpanProcessor({ exporter })],
});

describe('trace context across asynchronous hops (decision 073)', () => {
  beforeAll(() => {
    context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
    propagation.setGlobalPropagator(new W3CTraceContextPropagator());
    trace.setGlobalTracerProvider(provider);
  });
  afterEach(() => {
    markTracing(false);
    exporter.reset();
  });
  afterAll(async () => {
    await provider.shutdown();
    trace.disable();
    propagation.disable();
    context.disable();
  });

  it('is off until an SDK marks it on', () => {
    expect(tracingOn()).toBe(false);
    markTracing(true);
    expect(tracingOn()).toBe(true);
  });

  it('gives the active span’s traceparent only while tracing is on and a span is active', () => {
    expect(activeTraceparent()).toBeUndefined();
    markTracing(true);
    expect(activeTraceparent()).toBeUndefined();
    const span = tracer().startSpan('request');
    context.with(trace.setSpan(context.active(), span), () => {
      expect(traceOf(activeTraceparent())).toBe(span.spanContext().traceId);
      markTracing(false);
      expect(activeTraceparent()).toBeUndefined();
    });
    span.end();
  });

  it('reads a stored traceparent as the context it names, and none as the active one', () => {
    expect(contextOfTraceparent(undefined)).toBe(context.active());
    expect(contextOfTraceparent('')).toBe(context.active());
    const named = trace.getSpanContext(contextOfTraceparent(parent(7)));
    expect(named?.traceId).toBe(parent(7).split('-')[1]);
  });

  it('runs the work alone while tracing is off, or when no event was traced', async () => {
    const childOf = await inSpansPerTrace('project', [parent(1)], async (of) => of(parent(1)));
    expect(childOf).toBeUndefined();
    markTracing(true);
    expect(
      await inSpansPerTrace('project', [undefined, ''], async (of) => of(undefined)),
    ).toBeUndefined();
    expect(exporter.getFinishedSpans()).toEqual([]);
  });

  it('opens one span per distinct trace, each a child of its request, ended with the work', async () => {
    markTracing(true);
    const children = await inSpansPerTrace(
      'project claims',
      [parent(1), undefined, parent(2), parent(1)],
      async (childOf) => [
        childOf(parent(1)),
        childOf(parent(2)),
        childOf(parent(3)),
        childOf(undefined),
      ],
      SpanKind.CONSUMER,
    );
    const spans = exporter.getFinishedSpans();
    expect(spans.map((span) => span.spanContext().traceId).sort()).toEqual(
      [parent(1), parent(2)].map(traceOf),
    );
    for (const span of spans) {
      expect(span.name).toBe('project claims');
      expect(span.kind).toBe(SpanKind.CONSUMER);
      expect(span.parentSpanContext?.spanId).toBe('1'.repeat(16));
    }
    expect(traceOf(children[0])).toBe(traceOf(parent(1)));
    expect(traceOf(children[1])).toBe(traceOf(parent(2)));
    // The child's parent is the new span, not the request.
    expect(children[0]?.split('-')[2]).not.toBe('1'.repeat(16));
    expect(children.slice(2)).toEqual([undefined, undefined]);
  });

  it('marks every span failed when the work throws, and ends them', async () => {
    markTracing(true);
    const work = inSpansPerTrace('project', [parent(1), parent(2)], async () => {
      throw new Error('database gone');
    });
    await expect(work).rejects.toThrow('database gone');
    const spans = exporter.getFinishedSpans();
    expect(spans).toHaveLength(2);
    for (const span of spans) {
      expect(span.status.code).toBe(SpanStatusCode.ERROR);
      expect(span.events.map((event) => event.name)).toEqual(['exception']);
    }
  });

  it('opens at most 100 spans for a batch; the rest go untraced', async () => {
    markTracing(true);
    const parents = Array.from({ length: 120 }, (_, n) => parent(n + 1));
    const traced = await inSpansPerTrace('project', parents, async (childOf) =>
      parents.map(childOf).filter(Boolean),
    );
    expect(exporter.getFinishedSpans()).toHaveLength(100);
    expect(traced).toHaveLength(100);
  });
});
