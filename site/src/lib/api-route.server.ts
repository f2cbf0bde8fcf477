import type { APIContext, APIRoute } from 'astro';
import { requestLanguage } from './api-language.server';
import { toProblemResponse } from './problem.server';
import { checkRequestEdge } from './request-edge.server';

/** Wraps an endpoint so its typed errors become problem+json. */
export function apiRoute(handler: (context: APIContext) => Promise<Response>): APIRoute {
  return async (context) => {
    try {
      checkRequestEdge(context);
      return await handler(context);
    } catch (error) {
      return toProblemResponse(error, context.locals.requestId, requestLanguage(context));
    }
  };
}

export function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  });
}
