import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GET as asOf } from '@site/pages/api/admin/claims/[submissionId]/as-of';
import { GET as events } from '@site/pages/api/admin/claims/[submissionId]/events';
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

  it("gives staff the claim's event timeline: who, when and what changed", async () => {
    const path = `/api/admin/claims/${submissionId}/events`;
    const response = await events(asStaff(path, { submissionId }));
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body.submissionId).toBe(submissionId);
    expect(body.events).toHaveLength(1);
    expect(body.events[0]).toMatchObject({
      version: 1,
      type: 'ClaimSubmitted',
      actor: { kind: 'customer', id: bob.customerId },
    });
    expect(Date.parse(body.events[0].occurredAt)).not.toBeNaN();
    expect(body.events[0].changes.map((c: { field: string }) => c.field)).toContain('status');
    expect(body.chain).toEqual({ verified: true, events: 1 });
  });

  it('gives the claim as it stood at an instant, and nothing before it existed', async () => {
    const at = (instant: string) => {
      const path = `/api/admin/claims/${submissionId}/as-of?at=${encodeURIComponent(instant)}`;
      return asOf(withUrl(asStaff(path, { submissionId }), path));
    };
    const now = await at(new Date(Date.now() + 60_000).toISOString());
    expect(now.status).toBe(200);
    expect(await now.json()).toMatchObject({
      version: 1,
      claim: { status: 'Submitted', submissionId },
    });
    const before = await at('2000-01-01T00:00:00Z');
    expect(await before.json()).toMatchObject({ version: null, claim: null });
    const bad = await at('yesterday');
    expect(bad.status).toBe(400);
    expect((await bad.json()).errors[0]).toMatchObject({ field: 'at' });
  });

  it('answers 404 for a claim that does not exist, and 401 to anyone but staff', async () => {
    const unknown = '018f3a10-0000-7000-8000-00000000dead';
    const missing = await events(
      asStaff(`/api/admin/claims/${unknown}/events`, { submissionId: unknown }),
    );
    expect(missing.status).toBe(404);
    const path = `/api/admin/claims/${submissionId}/events`;
    const customer = await events(
      apiContext(getRequest(path), { submissionId }, { customer: bob }),
    );
    expect(customer.status).toBe(401);
    const nobody = await events(apiContext(getRequest(path), { submissionId }));
    expect(nobody.status).toBe(401);
  });
});
