import type { MiddlewareHandler } from 'astro';
import { describe, expect, it } from 'vitest';
import { commandLane } from './command-lane';

const CLAIM_ID = '0190a4c2-7c3e-7a11-8e2f-0123456789ab';

describe('commandLane', () => {
  it('hands the middleware the route Astro would name, its params and the caller', async () => {
    const seen: unknown[] = [];
    const middleware: MiddlewareHandler = (context) => {
      seen.push([
        context.routePattern,
        context.params,
        context.clientAddress,
        context.url.pathname,
      ]);
      return new Response('{}');
    };
    const lane = commandLane(middleware);
    const request = (path: string) =>
      new Request(`http://portal.test${path}`, { method: 'POST', body: '{}' });
    await lane('POST', '/api/claims')?.(request('/api/claims'), '127.0.0.9');
    await lane('POST', `/api/admin/claims/${CLAIM_ID}`)?.(
      request(`/api/admin/claims/${CLAIM_ID}`),
      '127.0.0.9',
    );
    expect(seen).toEqual([
      ['/api/claims', {}, '127.0.0.9', '/api/claims'],
      [
        '/api/admin/claims/[submissionId]',
        { submissionId: CLAIM_ID },
        '127.0.0.9',
        `/api/admin/claims/${CLAIM_ID}`,
      ],
    ]);
  });

  it('adds the cookies the middleware set as Set-Cookie, as Astro does', async () => {
    const lane = commandLane(async (context, next) => {
      context.cookies.set('csrf_token', 'fresh', { path: '/', sameSite: 'lax' });
      context.cookies.set('lang', 'fr', { path: '/' });
      return next();
    });
    const answer = lane('POST', '/api/claims');
    // No session: the endpoint itself refuses, and the cookies still go out.
    const response = await answer?.(
      new Request('http://portal.test/api/claims', { method: 'POST', body: '{}' }),
      undefined,
    );
    expect(response?.status).toBe(401);
    expect(response?.headers.getSetCookie()).toEqual([
      'csrf_token=fresh; Path=/; SameSite=Lax',
      'lang=fr; Path=/',
    ]);
  });
});
