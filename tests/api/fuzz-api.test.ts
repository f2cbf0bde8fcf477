import type { APIRoute } from 'astro';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GET as asOf } from '@site/pages/api/admin/claims/[submissionId]/as-of';
import { GET as events } from '@site/pages/api/admin/claims/[submissionId]/events';
import { GET as history } from '@site/pages/api/admin/claims/[submissionId]/history';
import {
  GET as staffClaim,
  POST as amend,
} from '@site/pages/api/admin/claims/[submissionId]/index';
import { GET as search } from '@site/pages/api/admin/claims/search';
import { POST as password } from '@site/pages/api/auth/flows/[flowId]/password';
import { POST as addDocuments } from '@site/pages/api/claims/[submissionId]/documents';
import { GET as ownClaim } from '@site/pages/api/claims/[submissionId]/index';
import { POST as submit } from '@site/pages/api/claims/index';
import {
  type ApiHarness,
  alice,
  apiContext,
  openApiHarness,
  submitSampleClaim,
  pdf,
  staffEtag,
  staffMember,
} from './api-harness';
import { anyValue, bodyLike, claimId, nastyText, queryLike } from '../support/fuzz-arbitraries';

/**
 * Property-based fuzzing of the API (issue 13): generated bodies, query strings and route
 * parameters, malformed on purpose (control characters, huge strings, wrong types, forged
 * ids), sent to the real endpoints over a real Postgres. None may answer a 500, and a
 * refused request may not change the event log. Runs add up to more than 10,000 requests.
 */

describe('fuzzing the API: no input answers a 500 or changes state when refused', () => {
  let api: ApiHarness;
  let submissionId: string;
  let requests = 0;
  const eventCount = async () =>
    Number((await api.database.pool.query('select count(*) from events')).rows[0].count);

  function rawRequest(
    path: string,
    body: unknown,
    method = 'POST',
    extraHeaders: Record<string, string> = {},
  ): Request {
    if (method === 'GET') return new Request(`http://portal.test${path}`);
    return new Request(`http://portal.test${path}`, {
      method,
      headers: {
        'content-type': 'application/json',
        'idempotency-key': crypto.randomUUID(),
        ...extraHeaders,
      },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });
  }

  /** Calls an endpoint; a refusal must be a 4xx that left the log as it was. */
  async function expectNo500(
    route: APIRoute,
    request: Request,
    params: Record<string, string>,
    principal: Parameters<typeof apiContext>[2],
  ) {
    requests += 1;
    const before = await eventCount();
    const response = await route(apiContext(request, params, principal));
    expect(response.status, `${request.method} ${request.url}`).toBeLessThan(500);
    if (response.status >= 400) {
      expect(response.headers.get('content-type')).toBe('application/problem+json');
      expect(await eventCount()).toBe(before);
    }
  }

  const asCustomer = { customer: alice };
  const asStaff = { staff: staffMember };

  beforeAll(async () => {
    api = await openApiHarness();
    submissionId = await submitSampleClaim(alice, 'FUZZ-1');
  });
  afterAll(async () => {
    expect(requests).toBeGreaterThanOrEqual(10_000);
    await api.close();
  });

  const property = <T>(
    runs: number,
    arbitrary: fc.Arbitrary<T>,
    call: (value: T) => Promise<void>,
  ) => fc.assert(fc.asyncProperty(arbitrary, call), { numRuns: runs, seed: 20261125 });

  it('claim submissions', async () => {
    const fields = [
      'policyNumber',
      'productCode',
      'productType',
      'claimType',
      'claimDescription',
      'documents',
    ];
    await property(1_500, fc.oneof(bodyLike(fields), nastyText), (body) =>
      expectNo500(submit, rawRequest('/api/claims', body), {}, asCustomer),
    );
  });

  it('additional documents, by any claim id', async () => {
    const attachment = fc.record({
      name: anyValue,
      data: fc.oneof(anyValue, fc.constant(pdf('a.pdf').data)),
    });
    const body = fc.oneof(
      fc.record({ attachments: fc.array(attachment, { maxLength: 3 }) }),
      bodyLike(['attachments']),
    );
    await property(1_200, fc.tuple(fc.oneof(fc.constant(''), claimId), body), ([id, value]) =>
      expectNo500(
        addDocuments,
        rawRequest('/api/claims/x/documents', value),
        { submissionId: id || submissionId },
        asCustomer,
      ),
    );
  });

  it('reading a claim by any id, as its owner or as another customer', async () => {
    await property(1_000, fc.tuple(claimId, fc.boolean()), ([id, other]) =>
      expectNo500(
        ownClaim,
        rawRequest('/api/claims/x', undefined, 'GET'),
        { submissionId: id },
        other ? { customer: { ...alice, customerId: 'other' } } : asCustomer,
      ),
    );
  });

  it('staff search with any query', async () => {
    const keys = [
      'type',
      'value',
      'first',
      'last',
      'statuses',
      'sort',
      'direction',
      'after',
      'before',
    ];
    await property(2_000, queryLike(keys), (query) =>
      expectNo500(
        search,
        new Request(
          `http://portal.test/api/admin/claims/search?${new URLSearchParams(query as Record<string, string>)}`,
        ),
        {},
        asStaff,
      ),
    );
  });

  it('claim history, events and as-of with any id and query', async () => {
    await property(
      2_000,
      fc.tuple(
        fc.constantFrom(history, events, asOf, staffClaim),
        fc.oneof(fc.constant(''), claimId),
        queryLike(['sort', 'direction', 'page', 'at']),
      ),
      ([route, id, query]) =>
        expectNo500(
          route,
          new Request(
            `http://portal.test/api/admin/claims/x?${new URLSearchParams(query as Record<string, string>)}`,
          ),
          { submissionId: id || submissionId },
          asStaff,
        ),
    );
  });

  it('staff amendments with any body', async () => {
    const fields = [
      'claimNumber',
      'benefitAmount',
      'firstPaymentDate',
      'lastPaymentDate',
      'status',
      'additionalReason',
      'decisionLetter',
    ];
    // With the claim's current version, so the body itself is fuzzed, not stopped at the 428.
    await property(1_500, fc.oneof(bodyLike(fields), nastyText), async (body) =>
      expectNo500(
        amend,
        rawRequest(`/api/admin/claims/${submissionId}`, body, 'POST', {
          'if-match': await staffEtag(submissionId),
        }),
        { submissionId },
        asStaff,
      ),
    );
  });

  it('sign-in passwords with any body and flow id', async () => {
    await property(
      1_000,
      fc.tuple(nastyText, fc.oneof(bodyLike(['email', 'password', 'website']), nastyText)),
      ([flowId, body]) =>
        expectNo500(password, rawRequest('/api/auth/flows/x/password', body), { flowId }, {}),
    );
  });
});
