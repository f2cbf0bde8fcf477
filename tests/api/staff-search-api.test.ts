import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GET as history } from '@site/pages/api/admin/claims/[submissionId]/history';
import { GET as search } from '@site/pages/api/admin/claims/search';
import { POST as submit } from '@site/pages/api/claims/index';
import {
  type ApiHarness,
  apiContext,
  bob,
  getRequest,
  jsonRequest,
  openApiHarness,
  staffMember,
} from './api-harness';

describe('staff search and history over HTTP', () => {
  let api: ApiHarness;
  let submissionId: string;
  const asStaff = (path: string, params: Record<string, string> = {}) =>
    apiContext(getRequest(path), params, { staff: staffMember });
  const withUrl = (context: ReturnType<typeof apiContext>, path: string) =>
    Object.assign(context, { url: new URL(`http://portal.test${path}`) });

  beforeAll(async () => {
    api = await openApiHarness();
    const response = await submit(
      apiContext(
        jsonRequest('/api/claims', {
          policyNumber: 'P-1',
          productCode: '110',
          productType: 'Loans',
          claimType: 'Disability',
        }),
        {},
        { customer: bob },
      ),
    );
    ({ submissionId } = await response.json());
  });
  afterAll(() => api.close());

  it('finds the claim by email and shows its history to staff', async () => {
    const path = '/api/admin/claims/search?type=email&value=BOB@example.com';
    const found = await search(withUrl(asStaff(path), path));
    expect(found.status).toBe(200);
    expect((await found.json()).rows.map((r: { submissionId: string }) => r.submissionId)).toEqual([
      submissionId,
    ]);

    const historyPath = `/api/admin/claims/${submissionId}/history?sort=status`;
    const versions = await history(withUrl(asStaff(historyPath, { submissionId }), historyPath));
    expect((await versions.json()).rows.map((r: { version: number }) => r.version)).toEqual([1]);
  });

  it('refuses a bad search with the spec message, and anyone but staff with 401', async () => {
    const path = '/api/admin/claims/search?type=nope';
    const bad = await search(withUrl(asStaff(path), path));
    expect(bad.status).toBe(400);
    expect((await bad.json()).errors[0]).toMatchObject({
      field: 'type',
      message: 'Please select a search type',
    });
    const customer = await search(
      withUrl(apiContext(getRequest(path), {}, { customer: bob }), path),
    );
    expect(customer.status).toBe(401);
  });
});
