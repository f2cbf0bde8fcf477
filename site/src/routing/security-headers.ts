import type { MiddlewareHandler } from 'astro';
import { mergedPolicy, securityHeaders } from '@infra/http/security-headers';
import { requestIsHttps } from '@site/lib/forwarded.server';

export { mergedPolicy, securityHeaders };

/**
 * Every answer that passes the middleware is rendered per request (pages, API, redirects):
 * none may be kept by a cache unless its route says so. Static files never come here.
 */
const NO_STORE = { 'cache-control': 'no-store' };

function withHeaders(response: Response, headers: Record<string, string>): void {
  for (const [name, value] of Object.entries(headers)) {
    if (name === 'content-security-policy') {
      response.headers.set(name, mergedPolicy(response.headers.get(name), value));
    } else if (!response.headers.has(name)) {
      response.headers.set(name, value);
    }
  }
}

export const addSecurityHeaders: MiddlewareHandler = async (context, next) => {
  const response = await next();
  const headers = {
    ...securityHeaders(context.url.pathname, requestIsHttps(context.request)),
    ...NO_STORE,
  };
  try {
    withHeaders(response, headers);
    return response;
  } catch {
    // Response.redirect() and fetch answers have immutable headers: copy them into a new one.
    const copy = new Response(response.body, {
      status: response.status,
      statusText: response.statusText,
      headers: new Headers(response.headers),
    });
    withHeaders(copy, headers);
    return copy;
  }
};
