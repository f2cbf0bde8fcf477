import type { APIRoute, MiddlewareHandler } from 'astro';
import { createContext } from 'astro/middleware';
import type { CommandAnswer, CommandLane } from '@infra/http/command-lane';
import { POST as saveStaffEdit } from '@site/pages/api/admin/claims/[submissionId]/index';
import { POST as submitClaim } from '@site/pages/api/claims/index';

/** A submission id as a plain UUID: any other spelling (encoded, trailing slash) goes to Astro. */
const STAFF_CLAIM =
  /^\/api\/admin\/claims\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i;

interface LaneRoute {
  /** Astro's route pattern, as its router would name it (metrics, spans). */
  readonly pattern: string;
  readonly params: Record<string, string>;
  readonly endpoint: APIRoute;
}

function routeOf(method: string, pathname: string): LaneRoute | undefined {
  if (method !== 'POST') return undefined;
  if (pathname === '/api/claims')
    return { pattern: '/api/claims', params: {}, endpoint: submitClaim };
  const staffClaim = STAFF_CLAIM.exec(pathname);
  if (staffClaim) {
    return {
      pattern: '/api/admin/claims/[submissionId]',
      params: { submissionId: staffClaim[1] as string },
      endpoint: saveStaffEdit,
    };
  }
  return undefined;
}

/**
 * The two commands sent most (decision 083) through the same middleware and endpoint as Astro
 * would run them, on a context from Astro's own `createContext`; its cookies set by the
 * middleware (a new CSRF token, a refreshed staff session) become Set-Cookie as Astro adds them.
 */
export function commandLane(middleware: MiddlewareHandler): CommandLane {
  return (method, pathname) => {
    const route = routeOf(method, pathname);
    return route && answerWith(middleware, route);
  };
}

function answerWith(middleware: MiddlewareHandler, route: LaneRoute): CommandAnswer {
  return async (request, clientAddress) => {
    // No i18n routing is configured: Astro renders with no default locale either.
    const context = createContext({
      request,
      params: route.params,
      clientAddress,
      defaultLocale: '',
    });
    context.routePattern = route.pattern;
    const response = await middleware(context, async () => route.endpoint(context));
    if (!(response instanceof Response)) throw new Error(`${route.pattern}: no response`);
    for (const cookie of context.cookies.headers()) response.headers.append('set-cookie', cookie);
    return response;
  };
}
