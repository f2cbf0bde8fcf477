import type { APIContext } from 'astro';
import { describe, expect, it } from 'vitest';
import { logRequests } from './request-log';

/** The parts of Astro's context the request log reads. */
function contextFor(path: string, headers: Record<string, string> = {}): APIContext {
  const url = new URL(path, 'http://127.0.0.1:4321');
  return {
    request: new Request(url, { headers }),
    url,
    locals: {},
    routePattern: path,
    cookies: { get: () => undefined },
  } as unknown as APIContext;
}

const failing = (error: unknown) => () => Promise.reject(error);

describe('an unexpected error in a request', () => {
  it('answers an API caller with a problem+json 500 that carries the logged id and nothing of the error', async () => {
    const context = contextFor('/api/claims', {
      'x-request-id': 'req-12345678',
      'accept-language': 'fr-CA',
    });
    const response = await logRequests(
      context,
      failing(new Error('relation "claims" does not exist at SELECT secret')),
    );
    expect(response).toBeInstanceOf(Response);
    const answer = response as Response;
    expect(answer.status).toBe(500);
    expect(answer.headers.get('content-type')).toBe('application/problem+json');
    expect(answer.headers.get('x-request-id')).toBe('req-12345678');
    const body = await answer.text();
    expect(JSON.parse(body)).toMatchObject({
      status: 500,
      code: 'INTERNAL_ERROR',
      requestId: 'req-12345678',
    });
    expect(JSON.parse(body).title).not.toBe(JSON.parse(body).code);
    expect(body).not.toContain('secret');
  });

  it('answers 503, not 500, when a service the portal needs is unreachable', async () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), {
      code: 'ECONNREFUSED',
    });
    const answer = (await logRequests(contextFor('/api/claims'), failing(refused))) as Response;
    expect(answer.status).toBe(503);
    expect(answer.headers.get('content-type')).toBe('application/problem+json');
  });

  it('leaves a page request to the error page: the error goes on to Astro', async () => {
    const error = new Error('boom');
    await expect(logRequests(contextFor('/en/dashboard'), failing(error))).rejects.toBe(error);
  });

  it('makes up a request id when the one sent is not of the accepted shape', async () => {
    const context = contextFor('/api/claims', { 'x-request-id': 'bad id; drop' });
    const answer = (await logRequests(context, failing(new Error('x')))) as Response;
    expect(answer.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });
});
