import { AsyncLocalStorage } from 'node:async_hooks';
import type { IncomingMessage } from 'node:http';
import { context, propagation, SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import { tracer, tracingOn } from '@contracts/trace-context';
import { portalMetrics, secondsSince } from '../metrics/metrics';
import type { NodeHandler } from './edge-handler';

/** What the site learns about a request that the server around it reports: its route pattern. */
interface RequestScope {
  route?: string;
}

// On globalThis: the bundled site's middleware names the route in the launcher's scope.
const KEY = Symbol.for('claims-portal.request-scope');
type Holder = { [KEY]?: AsyncLocalStorage<RequestScope> };
const scopes = () => {
  const holder = globalThis as Holder;
  holder[KEY] ??= new AsyncLocalStorage<RequestScope>();
  return holder[KEY];
};

/** Called by the site's middleware: the route pattern (`/api/claims/[submissionId]`), never the path. */
export function nameRoute(pattern: string | undefined): void {
  const scope = scopes().getStore();
  if (scope && pattern) scope.route = pattern;
}

const METHODS: ReadonlySet<string> = new Set([
  'GET',
  'HEAD',
  'POST',
  'PUT',
  'PATCH',
  'DELETE',
  'OPTIONS',
]);

/**
 * Wraps the server's handler: one duration sample per answer (method, route pattern, status)
 * and, when tracing is on, the request's server span. A request no route of the site took
 * (static files, refusals at the edge, the development OpenID Provider) is route `other`.
 */
export function observeRequests(handler: NodeHandler): NodeHandler {
  const { httpDuration } = portalMetrics();
  return (req, res) => {
    const started = performance.now();
    const scope: RequestScope = {};
    const method = METHODS.has(req.method ?? '') ? (req.method as string) : 'other';
    const span = startServerSpan(req, method);
    res.once('close', () => {
      const route = scope.route ?? 'other';
      httpDuration.observe(
        { method, route, status: String(res.statusCode) },
        secondsSince(started),
      );
      if (span) {
        span.updateName(`${method} ${route}`);
        span.setAttributes({ 'http.route': route, 'http.response.status_code': res.statusCode });
        if (res.statusCode >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
        span.end();
      }
    });
    const run = () => scopes().run(scope, () => handler(req, res));
    if (!span) return run();
    const traced = trace.setSpan(context.active(), span);
    // Body chunks arrive through the request's events: they continue the request's trace.
    context.bind(traced, req);
    return context.with(traced, run);
  };
}

function startServerSpan(req: IncomingMessage, method: string) {
  if (!tracingOn()) return undefined;
  const parent = propagation.extract(context.active(), req.headers);
  return tracer().startSpan(
    `${method} request`,
    { kind: SpanKind.SERVER, attributes: { 'http.request.method': method } },
    parent,
  );
}
