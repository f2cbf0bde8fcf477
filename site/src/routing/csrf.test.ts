import type { APIContext } from 'astro';
import { describe, expect, it } from 'vitest';
import { CSRF_COOKIE, CSRF_HEADER, checkCsrf, rotateCsrfToken } from './csrf';

interface SetCookie {
  readonly name: string;
  readonly value: string;
  readonly options: unknown;
}

/** The cookies of one browser: what the check reads, and what it sets. */
function browserCookies(values: Record<string, string>) {
  const jar = new Map(Object.entries(values));
  const set: SetCookie[] = [];
  return {
    set,
    get: (name: string) => (jar.has(name) ? { value: jar.get(name) as string } : undefined),
    has: (name: string) => jar.has(name),
    delete: (name: string) => void jar.delete(name),
    setCookie: (name: string, value: string, options: unknown) => {
      set.push({ name, value, options });
      jar.set(name, value);
    },
  };
}

const ROUTE_ANSWER = 'the route answered';

/** Runs the check on one request; `reached` says whether the route ran. */
async function check(
  method: string,
  path: string,
  {
    cookies = {},
    headers = {},
  }: { cookies?: Record<string, string>; headers?: Record<string, string> },
) {
  const url = new URL(path, 'http://portal.test');
  const jar = browserCookies(cookies);
  const context = {
    request: new Request(url, { method, headers }),
    url,
    locals: { requestId: 'req-1' },
    cookies: { get: jar.get, has: jar.has, delete: jar.delete, set: jar.setCookie },
  } as unknown as APIContext;
  let reached = false;
  const answer = (await checkCsrf(context, async () => {
    reached = true;
    return new Response(ROUTE_ANSWER);
  })) as Response;
  return { answer, reached, set: jar.set };
}

const TOKEN = 'the-token-of-this-browser';

describe('the double-submit CSRF check', () => {
  it('refuses an API write whose header does not match its cookie, of the same length or not', async () => {
    for (const presented of ['the-token-of-this-browseR', 'another', `${TOKEN}-and-more`]) {
      const { answer, reached } = await check('POST', '/api/claims', {
        cookies: { [CSRF_COOKIE]: TOKEN },
        headers: { [CSRF_HEADER]: presented },
      });
      expect(answer.status, presented).toBe(403);
      expect(reached, presented).toBe(false);
      expect((await answer.json()).errors, presented).toEqual([
        expect.objectContaining({ field: CSRF_HEADER, code: 'csrf.mismatch' }),
      ]);
    }
  });

  it('refuses every non-safe method under /api/ that lacks the header', async () => {
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) {
      const { answer, reached } = await check(method, '/api/claims/draft', {
        cookies: { [CSRF_COOKIE]: TOKEN },
      });
      expect(answer.status, method).toBe(403);
      expect(reached, method).toBe(false);
    }
  });

  it('lets a matching API write through, and sets no new token', async () => {
    const { answer, reached, set } = await check('PUT', '/api/claims/draft', {
      cookies: { [CSRF_COOKIE]: TOKEN },
      headers: { [CSRF_HEADER]: TOKEN },
    });
    expect(await answer.text()).toBe(ROUTE_ANSWER);
    expect(reached).toBe(true);
    expect(set).toEqual([]);
  });

  it('lets safe methods, page posts and the signed back-channel form through without a token', async () => {
    const passes = [
      ['GET', '/api/claims'],
      ['HEAD', '/api/claims'],
      ['OPTIONS', '/api/claims'],
      ['POST', '/en/sign-in'],
      ['POST', '/api/auth/backchannel-logout'],
    ];
    for (const [method, path] of passes) {
      const { reached } = await check(method as string, path as string, {});
      expect(reached, `${method} ${path}`).toBe(true);
    }
  });

  it('gives a visitor without a token a new one, readable by scripts and sent on the whole site', async () => {
    const { set } = await check('GET', '/en/', {});
    expect(set).toEqual([
      {
        name: CSRF_COOKIE,
        value: expect.stringMatching(/^[\w-]{32}$/),
        options: { path: '/', sameSite: 'lax', secure: false, httpOnly: false },
      },
    ]);
  });

  it('reads and sets the __Host- cookie under https, so a subdomain cannot plant one', async () => {
    const https = { 'x-forwarded-proto': 'https' };
    const planted = await check('POST', '/api/claims', {
      cookies: { [CSRF_COOKIE]: TOKEN },
      headers: { ...https, [CSRF_HEADER]: TOKEN },
    });
    expect(planted.answer.status).toBe(403);
    const hosted = await check('POST', '/api/claims', {
      cookies: { [`__Host-${CSRF_COOKIE}`]: TOKEN },
      headers: { ...https, [CSRF_HEADER]: TOKEN },
    });
    expect(hosted.reached).toBe(true);
    const fresh = await check('GET', '/en/', { headers: https });
    expect(fresh.set).toEqual([
      expect.objectContaining({
        name: `__Host-${CSRF_COOKIE}`,
        options: expect.objectContaining({ secure: true }),
      }),
    ]);
  });

  it('rotates to a new random token each time', () => {
    const jar = browserCookies({});
    const cookies = { set: jar.setCookie } as unknown as APIContext['cookies'];
    const first = rotateCsrfToken(cookies, false);
    const second = rotateCsrfToken(cookies, false);
    expect(first).not.toBe(second);
    expect(jar.set.map((cookie) => cookie.value)).toEqual([first, second]);
  });
});
