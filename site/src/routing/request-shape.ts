import type { APIContext, MiddlewareHandler, MiddlewareNext } from 'astro';
import { SIGNED_FORM_PATHS } from '@contracts/api/endpoints';
import { getConfig } from '@infra/config/config';
import { errorPagePath } from '@infra/http/edge-handler';
import { allowedMethods, allowHeader } from '@infra/http/route-methods';
import { isApiPath } from '@infra/http/security-headers';
import { requestLanguage } from '@site/lib/api-language.server';
import { requestIsHttps } from '@site/lib/forwarded.server';
import {
  forbiddenResponse,
  methodNotAllowedResponse,
  notFoundResponse,
  unsupportedMediaTypeResponse,
} from '@site/lib/problem.server';

const SAFE_METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD', 'OPTIONS']);
const FORM_TYPES = ['application/x-www-form-urlencoded', 'multipart/form-data', 'text/plain'];

/**
 * Astro's `checkOrigin` rule, answered in the portal's shape and with the origin the browser
 * sees (https behind a trusted TLS proxy): a non-safe request from another origin is refused
 * when it is a form (the one kind another site can send without CORS) or has no content type.
 */
export function crossSiteRefused(request: Request, url: URL, publicUrl?: string): boolean {
  // A signed server-to-server form has no browser and no Origin; its signature is checked.
  if (SAFE_METHODS.has(request.method) || SIGNED_FORM_PATHS.has(url.pathname)) return false;
  const origin = `${requestIsHttps(request) ? 'https' : 'http'}://${url.host}`;
  const presented = request.headers.get('origin');
  // A proxy that does not pass the Host on still serves the portal at PUBLIC_URL.
  const sameOrigin =
    presented === origin || (publicUrl !== undefined && presented === new URL(publicUrl).origin);
  const type = request.headers.get('content-type')?.toLowerCase();
  if (type === undefined) return !sameOrigin;
  return !sameOrigin && FORM_TYPES.some((form) => type.includes(form));
}

/**
 * Every /api/ route reads JSON (a signed server-to-server form reads its form): a same-origin write that carries a body of another type is
 * refused as such (415) before the CSRF check, which would otherwise answer 403. A cross-site
 * form is still a 403 (the origin check comes first).
 */
function wrongMediaType(request: Request, pathname: string): boolean {
  if (SAFE_METHODS.has(request.method) || !isApiPath(pathname)) return false;
  const length = request.headers.get('content-length');
  const hasBody = (length !== null && length !== '0') || request.headers.has('transfer-encoding');
  if (!hasBody) return false;
  const type = (request.headers.get('content-type') ?? '').split(';', 1)[0]?.trim().toLowerCase();
  const expected = SIGNED_FORM_PATHS.has(pathname)
    ? 'application/x-www-form-urlencoded'
    : 'application/json';
  return type !== expected;
}

type Refusal = { status: 403 } | { status: 404 } | { status: 405; allow: string } | { status: 415 };

function refusalOf(context: APIContext): Refusal | undefined {
  const { request, url } = context;
  if (crossSiteRefused(request, url, getConfig().PUBLIC_URL)) return { status: 403 };
  const methods = allowedMethods(url.pathname);
  if (!methods) return { status: 404 };
  if (!methods.includes(request.method)) return { status: 405, allow: allowHeader(methods) };
  if (wrongMediaType(request, url.pathname)) return { status: 415 };
  return undefined;
}

/** Astro's own 404 for an API path no route matched (e.g. `/api/openapi.json/`) is a page: not here. */
function apiAnswer(context: APIContext, response: Response): Response {
  const html = response.headers.get('content-type')?.startsWith('text/html') ?? false;
  if (!isApiPath(context.url.pathname) || response.status !== 404 || !html) return response;
  return notFoundResponse(context.locals.requestId, requestLanguage(context));
}

async function refusePage(next: MiddlewareNext, pathname: string, refusal: Refusal) {
  const response = await next(errorPagePath(pathname, refusal.status));
  if (refusal.status === 405) response.headers.set('allow', refusal.allow);
  return response;
}

/**
 * One refusal shape for requests no route should see: a cross-site form or body-less write
 * (403), an unknown /api/ path (404), a method the route does not answer (405 with `Allow`).
 * problem+json under /api/, the error page elsewhere.
 */
export const shapeRefusals: MiddlewareHandler = async (context, next) => {
  const refusal = refusalOf(context);
  if (!refusal) return apiAnswer(context, await next());
  const { requestId } = context.locals;
  if (!isApiPath(context.url.pathname)) return refusePage(next, context.url.pathname, refusal);
  const lang = requestLanguage(context);
  switch (refusal.status) {
    case 403:
      return forbiddenResponse(requestId, lang);
    case 404:
      return notFoundResponse(requestId, lang);
    case 405:
      return methodNotAllowedResponse(requestId, refusal.allow, lang);
    case 415:
      return unsupportedMediaTypeResponse(requestId, lang);
  }
};
