import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STAFF_SIGN_IN } from './admin-paths';
import { StaffApiError, staffApi, versioned } from './staff-api';

const PORTAL = 'https://admin.insurer.example';
const ID = '0190f3a4-5b6c-7d8e-9f00-112233445566';

describe('the staff islands’ typed client (issue 49)', () => {
  const sent: Request[] = [];
  const visited: string[] = [];
  // The browser's fetch, answering here with what the API would: what was sent is what we check.
  const answering = (status: number, body: unknown, headers: Record<string, string> = {}) => {
    return async (request: Request) => {
      sent.push(request);
      return new Response(JSON.stringify(body), {
        status,
        headers: { 'content-type': 'application/json', ...headers },
      });
    };
  };
  const browser = globalThis as unknown as { window?: unknown; document?: unknown };

  beforeAll(() => {
    browser.window = { location: { assign: (to: string) => visited.push(to) } };
    browser.document = { cookie: '__Host-csrf_token=abc' };
  });
  afterAll(() => {
    delete browser.window;
    delete browser.document;
  });

  it('saves with If-Match, JSON, the CSRF header and the session cookie, and reads the ETag', async () => {
    sent.length = 0;
    const saved = await versioned<{ submissionId: string }>(
      staffApi.POST('/api/admin/claims/{submissionId}', {
        baseUrl: PORTAL,
        params: { path: { submissionId: ID }, header: { 'If-Match': `"${ID}.3"` } },
        body: { status: 'Pending' } as never,
        fetch: answering(200, { submissionId: ID }, { etag: `"${ID}.4"` }),
      }),
    );
    expect(saved).toEqual({ body: { submissionId: ID }, etag: `"${ID}.4"` });
    const [request] = sent;
    expect([
      request?.headers.get('if-match'),
      request?.headers.get('content-type'),
      request?.headers.get('x-csrf-token'),
      request?.credentials,
    ]).toEqual([`"${ID}.3"`, 'application/json', 'abc', 'same-origin']);
  });

  it('throws a refusal as StaffApiError with its problem+json', async () => {
    const problem = {
      code: 'CONFLICT',
      currentVersion: 4,
      errors: [{ field: 'status', code: 'x' }],
    };
    const refused = await staffApi
      .GET('/api/admin/claims/{submissionId}', {
        baseUrl: PORTAL,
        params: { path: { submissionId: ID } },
        fetch: answering(409, problem),
      })
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(StaffApiError);
    expect(refused).toMatchObject({ status: 409, errors: problem.errors, problem });
  });

  it('sends the browser to sign-in when the session is gone', async () => {
    visited.length = 0;
    const refused = await staffApi
      .GET('/api/admin/claims/search', { baseUrl: PORTAL, fetch: answering(401, {}) })
      .catch((error: unknown) => error);
    expect(refused).toMatchObject({ status: 401 });
    expect(visited).toEqual([STAFF_SIGN_IN]);
  });
});
