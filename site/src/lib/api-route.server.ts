import { context, trace } from '@opentelemetry/api';
import type { APIContext, APIRoute } from 'astro';
import { SpanStatusCode, tracer, tracingOn } from '@contracts/trace-context';
import { requestLanguage } from './api-language.server';
import { toProblemResponse } from './problem.server';
import { awaitOwnWrites } from './read-your-writes.server';
import { checkRequestEdge } from './request-edge.server';

const SAFE_METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Wraps an endpoint so its typed errors become problem+json. A read first waits for the
 * caller's own last write (decision 096); a command decides from its streams and does not.
 */
export function apiRoute(handler: (context: APIContext) => Promise<Response>): APIRoute {
  const answer = async (context: APIContext) => {
    try {
      checkRequestEdge(context);
      if (SAFE_METHODS.has(context.request.method)) await awaitOwnWrites(context);
      return await handler(context);
    } catch (error) {
      return toProblemResponse(error, context.locals.requestId, requestLanguage(context));
    }
  };
  return (apiContext) =>
    tracingOn() && !SAFE_METHODS.has(apiContext.request.method)
      ? inCommandSpan(apiContext, answer)
      : answer(apiContext);
}

/** A write is a command: its span sits between the request's and the append's (decision 073). */
async function inCommandSpan(
  apiContext: APIContext,
  answer: (context: APIContext) => Promise<Response>,
): Promise<Response> {
  const route = apiContext.routePattern ?? 'unnamed route';
  const span = tracer().startSpan(`command ${apiContext.request.method} ${route}`, {
    attributes: { 'http.route': route },
  });
  try {
    const response = await context.with(trace.setSpan(context.active(), span), () =>
      answer(apiContext),
    );
    if (response.status >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
    span.setAttribute('http.response.status_code', response.status);
    return response;
  } finally {
    span.end();
  }
}

export function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  const text = JSON.stringify(body);
  // With its length known, Node sends the answer in one write, not chunked with a second
  // write for the closing chunk.
  return new Response(text, {
    status,
    headers: {
      'content-type': 'application/json',
      'content-length': String(Buffer.byteLength(text)),
      ...headers,
    },
  });
}
