import { context, propagation, trace } from '@opentelemetry/api';
import { markTracing } from '@contracts/trace-context';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { resourceFromAttributes } from '@opentelemetry/resources';
import {
  BatchSpanProcessor,
  SimpleSpanProcessor,
  type SpanExporter,
  TracerProvider,
} from '@opentelemetry/sdk-trace';

export interface Tracing {
  /** Sends what is still buffered, then stops tracing in this process. */
  shutdown(): Promise<void>;
}

export interface TracingOptions {
  readonly serviceName: string;
  readonly exporter: SpanExporter;
  /** Export each span as it ends (tests); default: batches in the background. */
  readonly immediate?: boolean;
}

/**
 * Registers the OpenTelemetry SDK for this process (decision 073): spans follow async calls
 * (AsyncLocalStorage) and travel as W3C `traceparent`. Until this runs the API is a no-op,
 * so an untraced portal pays nothing but a few empty calls.
 */
export function startTracing(options: TracingOptions): Tracing {
  const provider = new TracerProvider({
    resource: resourceFromAttributes({ 'service.name': options.serviceName }),
    spanProcessors: [
      options.immediate
        ? new SimpleSpanProcessor({ exporter: options.exporter })
        : new BatchSpanProcessor({ exporter: options.exporter }),
    ],
  });
  const contextManager = new AsyncLocalStorageContextManager().enable();
  context.setGlobalContextManager(contextManager);
  propagation.setGlobalPropagator(new W3CTraceContextPropagator());
  trace.setGlobalTracerProvider(provider);
  markTracing(true);
  return {
    async shutdown() {
      markTracing(false);
      await provider.shutdown();
      trace.disable();
      propagation.disable();
      context.disable();
    },
  };
}

/** OTLP over HTTP to `endpoint` (…/v1/traces is added), when OTEL_EXPORTER_OTLP_ENDPOINT is set. */
export function startOtlpTracing(endpoint: string, serviceName: string): Tracing {
  const url = `${endpoint.replace(/\/+$/, '')}/v1/traces`;
  return startTracing({ serviceName, exporter: new OTLPTraceExporter({ url }) });
}
