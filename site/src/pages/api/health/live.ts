import type { APIRoute } from 'astro';

export const prerender = false;

const startedAt = performance.now();

/**
 * Liveness (issue 44): the process answers HTTP. It touches no dependency on purpose, so a
 * frozen Postgres or broker never makes an orchestrator restart a portal that is fine;
 * `/api/health` tells whether the dependencies answer.
 */
export const GET: APIRoute = () =>
  new Response(
    JSON.stringify({
      status: 'live',
      uptimeSeconds: Math.round((performance.now() - startedAt) / 1000),
    }),
    {
      status: 200,
      headers: { 'content-type': 'application/json', 'cache-control': 'no-store' },
    },
  );
