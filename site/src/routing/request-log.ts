import { randomUUID } from 'node:crypto';
import type { MiddlewareHandler } from 'astro';
import { nameRoute } from '@infra/http/observe-requests';
import { getLogger } from '@infra/logging/logger';
import { requestLanguage } from '@site/lib/api-language.server';
import { isDependencyUnavailable } from '@site/lib/dependency-unavailable.server';
import { internalErrorResponse, serviceUnavailableResponse } from '@site/lib/problem.server';

const REQUEST_ID = /^[A-Za-z0-9._-]{8,64}$/;

/** One structured line per request: id, method, path (never the query: it may hold codes), status, duration. */
export const logRequests: MiddlewareHandler = async (context, next) => {
  const started = performance.now();
  const incoming = context.request.headers.get('x-request-id');
  const requestId = incoming && REQUEST_ID.test(incoming) ? incoming : randomUUID();
  context.locals.requestId = requestId;
  // The server around the site labels its duration histogram with the pattern, not the path.
  nameRoute(context.routePattern);
  const log = getLogger();
  try {
    const response = await next();
    response.headers.set('x-request-id', requestId);
    log.info(
      {
        requestId,
        method: context.request.method,
        path: context.url.pathname,
        status: response.status,
        durationMs: Math.round((performance.now() - started) * 10) / 10,
      },
      'request',
    );
    return response;
  } catch (error) {
    const unavailable = isDependencyUnavailable(error);
    log[unavailable ? 'warn' : 'error'](
      {
        requestId,
        method: context.request.method,
        path: context.url.pathname,
        err: error,
        durationMs: Math.round((performance.now() - started) * 10) / 10,
      },
      unavailable ? 'request failed: a service the portal needs is unavailable' : 'request failed',
    );
    // API callers get problem+json carrying the logged id; pages get the error page.
    if (!context.url.pathname.startsWith('/api/')) throw error;
    const lang = requestLanguage(context);
    const response = unavailable
      ? serviceUnavailableResponse(requestId, lang)
      : internalErrorResponse(requestId, lang);
    response.headers.set('x-request-id', requestId);
    return response;
  }
};
