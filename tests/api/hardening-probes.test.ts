import type { APIContext } from 'astro';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { problemSchema } from '@contracts/api/problem';
import { GET as claimHistory } from '@site/pages/api/admin/claims/[submissionId]/history';
import {
  GET as staffClaim,
  POST as amend,
} from '@site/pages/api/admin/claims/[submissionId]/index';
import { GET as search } from '@site/pages/api/admin/claims/search';
import { POST as startSignIn } from '@site/pages/api/auth/flows/index';
import { POST as password } from '@site/pages/api/auth/flows/[flowId]/password';
import { POST as addDocuments } from '@site/pages/api/claims/[submissionId]/documents';
import { POST as submit } from '@site/pages/api/claims/index';
import {
  type ApiHarness,
  alice,
  apiContext,
  getRequest,
  jsonRequest,
  openApiHarness,
  submitSampleClaim,
  pdf,
  staffEtag,
  staffMember,
} from './api-harness';

/**
 * Issue 13's probes, each of which answered a 500 (HTML) before: every one is now a 4xx
 * problem+json, and the refused writes leave no event behind.
 */
describe('hardening probes: bad input is a 4xx problem, never a 500', () => {
  let api: ApiHarness;
  let submissionId: string;
  const asStaff = (path: string, params: Record<string, string> = {}) =>
    apiContext(getRequest(path), params, { staff: staffMember });
  const eventCount = async () =>
    Number((await api.database.pool.query('select count(*) from events')).rows[0].count);

  async function expectProblem(response: Response, status: number, field?: string) {
    expect(response.status).toBe(status);
    expect(response.headers.get('content-type')).toBe('application/problem+json');
    const raw = await response.json();
    const body = {
      ...problemSchema.parse(raw),
      errors: raw.errors as { field: string; code: string; message?: string }[] | undefined,
    };
    if (field) expect(body.errors?.map((error) => error.field)).toContain(field);
    return body;
  }

  const cursor = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

  beforeAll(async () => {
    api = await openApiHarness();
    submissionId = await submitSampleClaim(alice, 'P-13');
  });
  afterAll(() => api.close());

  it('1. a NUL byte in a file name', async () => {
    const before = await eventCount();
    const file = pdf('statement\u0000.pdf');
    const response = await addDocuments(
      apiContext(jsonRequest(`/api/claims/${submissionId}/documents`, { attachments: [file] }), {
        submissionId,
      }),
    );
    const body = await expectProblem(response, 400, 'attachments.0.name');
    expect(body.errors?.[0]).toMatchObject({ code: 'invalidCharacters' });
    expect(await eventCount()).toBe(before);
  });

  it('2. a NUL byte in claimDescription, with the message in French for a French caller', async () => {
    const before = await eventCount();
    const request = jsonRequest(
      '/api/claims?lang=fr',
      {
        policyNumber: 'P-14',
        productCode: '110',
        productType: 'Loans',
        claimType: 'Disability',
        claimDescription: 'a\u0000b',
      },
      { 'accept-language': 'fr-CA' },
    );
    const body = await expectProblem(await submit(apiContext(request)), 400, 'claimDescription');
    expect(body.errors?.[0]?.message).toMatch(/caractères de contrôle/);
    expect(await eventCount()).toBe(before);
  });

  it('3. a NUL byte in the sign-in email', async () => {
    const started = await startSignIn(apiContext(jsonRequest('/api/auth/flows', {}), {}, {}));
    const { flowId } = await started.json();
    const response = await password(
      apiContext(
        jsonRequest(`/api/auth/flows/${flowId}/password`, {
          email: 'bob\u0000@example.com',
          password: 'Secret-password-1',
        }),
        { flowId },
        {},
      ),
    );
    await expectProblem(response, 400, 'email');
  });

  it.each([
    [
      '4. a NUL byte in a search value',
      '/api/admin/claims/search?type=email&value=a%00@b.c',
      'value',
    ],
    [
      '5. a NUL byte in a searched name',
      '/api/admin/claims/search?type=name&first=ma%00rc',
      'first',
    ],
    [
      '6. a malformed paging cursor',
      '/api/admin/claims/search?type=status&value=submitted&after=%25%25',
      'after',
    ],
    [
      '7. a forged cursor naming no claim',
      `/api/admin/claims/search?type=status&value=submitted&after=${cursor({ value: 'x', id: "1' or '1'='1" })}`,
      'after',
    ],
    [
      '8. a forged cursor whose value is no time',
      `/api/admin/claims/search?type=status&value=submitted&after=${cursor({ value: 'yesterday', id: '018f3a10-0000-7000-8000-00000000dead' })}`,
      'after',
    ],
    [
      '9. a forged cursor of the wrong shape',
      `/api/admin/claims/search?type=status&value=submitted&before=${cursor(['a', 1])}`,
      'before',
    ],
  ])('%s', async (_name, path, field) => {
    await expectProblem(await search(asStaff(path)), 400, field);
  });

  it('10. a NUL byte in an admin claim id', async () => {
    const id = `${submissionId}\u0000`;
    await expectProblem(
      await staffClaim(
        asStaff(`/api/admin/claims/${encodeURIComponent(id)}`, { submissionId: id }),
      ),
      400,
      'submissionId',
    );
  });

  it('11. a claim id that is no UUID, on the history endpoint', async () => {
    const id = 'not-a-claim';
    await expectProblem(
      await claimHistory(asStaff(`/api/admin/claims/${id}/history`, { submissionId: id })),
      404,
    );
  });

  it('11b. a history page whose offset is no exact integer, or no integer at all, and the last one allowed', async () => {
    const page = (n: string) =>
      claimHistory(
        asStaff(`/api/admin/claims/${submissionId}/history?page=${n}`, { submissionId }),
      );
    await expectProblem(await page('9007199254740991'), 400, 'page');
    await expectProblem(await page('1e21'), 400, 'page');
    expect((await page('100000')).status).toBe(200);
  });

  it('12. a NUL byte in a decision letter name, and nothing appended', async () => {
    const before = await eventCount();
    const request = jsonRequest(
      `/api/admin/claims/${submissionId}`,
      { claimNumber: 'NUL1', decisionLetter: pdf('letter\u0000.pdf') },
      { 'if-match': await staffEtag(submissionId) },
    );
    const context = apiContext(request, { submissionId }, { staff: staffMember });
    await expectProblem(await amend(context), 400, 'decisionLetter.name');
    expect(await eventCount()).toBe(before);
  });

  it('13. another customer reaching for the claim by a padded id', async () => {
    const id = ` ${submissionId}`;
    const context: APIContext = apiContext(
      jsonRequest(`/api/claims/x/documents`, { attachments: [pdf('a.pdf')] }),
      { submissionId: id },
      { customer: { ...alice, customerId: 'someone-else' } },
    );
    await expectProblem(await addDocuments(context), 404);
  });
});
