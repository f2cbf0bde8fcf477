import { claimStreamId, upcastClaimEvent } from '@contracts/claims/events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  GET as staffClaim,
  POST as amend,
} from '@site/pages/api/admin/claims/[submissionId]/index';
import { POST as addDocuments } from '@site/pages/api/claims/[submissionId]/documents';
import { GET as ownClaim } from '@site/pages/api/claims/[submissionId]/index';
import {
  type ApiHarness,
  apiContext,
  getRequest,
  jsonRequest,
  openApiHarness,
  pdf,
  staffEtag,
  staffMember,
  submitSampleClaim,
} from './api-harness';

const colleague = { staffId: 'staff-2', email: 'colleague@claims.example' };

/** Decision 048 over HTTP: how a client learns the version, and what a stale save gets. */
describe('claim versions: ETag, If-Match, 428 and 409 with the changes since', () => {
  let api: ApiHarness;
  let submissionId: string;

  beforeAll(async () => {
    api = await openApiHarness();
    submissionId = await submitSampleClaim();
  });
  afterAll(() => api.close());

  const save = (body: unknown, headers: Record<string, string>, staff = staffMember) =>
    amend(
      apiContext(
        jsonRequest(`/api/admin/claims/${submissionId}`, body, headers),
        { submissionId },
        {
          staff,
        },
      ),
    );
  const streamLength = async () =>
    (await api.runtime.eventStore.readStream(claimStreamId(submissionId))).length;

  it('reads carry the version as ETag, for staff and for the customer', async () => {
    const staff = await staffClaim(
      apiContext(getRequest('/x'), { submissionId }, { staff: staffMember }),
    );
    expect(staff.headers.get('etag')).toBe(`"${await streamLength()}"`);
    const customer = await ownClaim(apiContext(getRequest('/x'), { submissionId }));
    expect(customer.headers.get('etag')).toBe(`"${await streamLength()}"`);
  });

  it('a save without If-Match is 428, a malformed one 400, and nothing is appended', async () => {
    const before = await api.eventCount();
    const missing = await save({ claimNumber: 'V1' }, {});
    expect(missing.status).toBe(428);
    expect(missing.headers.get('content-type')).toBe('application/problem+json');
    expect((await missing.json()).code).toBe('PRECONDITION_REQUIRED');
    expect((await save({ claimNumber: 'V1' }, { 'if-match': '*' })).status).toBe(428);
    const malformed = await save({ claimNumber: 'V1' }, { 'if-match': 'one' });
    expect(malformed.status).toBe(400);
    expect((await malformed.json()).errors[0].field).toBe('If-Match');
    expect(await api.eventCount()).toBe(before);
  });

  it('a stale save is 409 naming each change since, who and when; nothing is overwritten', async () => {
    const read = await staffEtag(submissionId);
    const first = await save(
      { claimNumber: 'V2', benefitAmount: '2222.22' },
      { 'if-match': read },
      colleague,
    );
    expect(first.status).toBe(200);
    expect(first.headers.get('etag')).toBe(`"${await streamLength()}"`);

    const before = await api.eventCount();
    const stale = await save({ status: 'Approved' }, { 'if-match': read });
    expect(stale.status).toBe(409);
    expect(stale.headers.get('etag')).toBe(`"${await streamLength()}"`);
    const problem = await stale.json();
    expect(problem).toMatchObject({ code: 'CONFLICT', currentVersion: await streamLength() });
    expect(problem.changes).toEqual([
      { field: 'claimNumber', from: '', to: 'V2', by: colleague.email, at: expect.any(String) },
      { field: 'benefitAmount', from: 0, to: 2222.22, by: colleague.email, at: expect.any(String) },
    ]);
    expect(await api.eventCount()).toBe(before);
    expect((await save({}, { 'if-match': '"999"' })).status).toBe(409);
  });

  it('customer documents added after the read do not make a staff save stale', async () => {
    const read = await staffEtag(submissionId);
    const added = await addDocuments(
      apiContext(
        jsonRequest(`/api/claims/${submissionId}/documents`, { attachments: [pdf('late.pdf')] }),
        { submissionId },
      ),
    );
    expect(added.status).toBe(201);
    const saved = await save({ status: 'Pending' }, { 'if-match': read });
    expect(saved.status).toBe(200);
    expect((await saved.json()).documents).toHaveLength(1);
  });

  it('an overwrite chosen after a conflict is stored and says whose change it replaced', async () => {
    const read = await staffEtag(submissionId);
    expect((await save({ benefitAmount: '3333.33' }, { 'if-match': read }, colleague)).status).toBe(
      200,
    );
    const stale = await save({ benefitAmount: '100' }, { 'if-match': read });
    const { currentVersion } = await stale.json();
    const overwrite = await save(
      { benefitAmount: '100', overwriting: Number(read.replace(/"/g, '')) },
      { 'if-match': `"${currentVersion}"` },
    );
    expect(overwrite.status).toBe(200);
    expect((await overwrite.json()).benefitAmount).toBe(100);
    const events = await api.runtime.eventStore.readStream(claimStreamId(submissionId));
    const last = upcastClaimEvent(events.at(-1) as (typeof events)[number]);
    expect(last).toMatchObject({
      type: 'ClaimAmendedByStaff',
      data: {
        changes: { benefitAmount: { from: 3333.33, to: 100 } },
        overrode: [{ field: 'benefitAmount', from: 2222.22, to: 3333.33, by: colleague.email }],
      },
    });
  });

  const versionOf = (etag: string) => Number(etag.replace(/"/g, ''));

  it('a save naming `overwriting` with no change of others to overwrite is 400, appending nothing (issue 50)', async () => {
    const read = await staffEtag(submissionId);
    const own = await save({ claimNumber: 'OWN0' }, { 'if-match': read });
    expect(own.status).toBe(200);
    const current = own.headers.get('etag') ?? '';
    const before = await api.eventCount();
    // Its own earlier save, the version it holds, a version to come: no conflict in any.
    for (const overwriting of [versionOf(read), versionOf(current), versionOf(current) + 5]) {
      const response = await save({ benefitAmount: '43', overwriting }, { 'if-match': current });
      expect(response.status).toBe(400);
      expect((await response.json()).errors[0]).toMatchObject({
        field: 'overwriting',
        code: 'overwriting.noConflict',
      });
    }
    expect(await api.eventCount()).toBe(before);
  });

  it("after a real conflict, `overrode` lists only the other person's changes (issue 50)", async () => {
    const first = await staffEtag(submissionId);
    const own = await save({ benefitAmount: '555' }, { 'if-match': first });
    expect(own.status).toBe(200);
    const afterOwn = own.headers.get('etag') ?? '';
    expect((await save({ benefitAmount: '777' }, { 'if-match': afterOwn }, colleague)).status).toBe(
      200,
    );
    const stale = await save({ benefitAmount: '888' }, { 'if-match': afterOwn });
    expect(stale.status).toBe(409);
    const { currentVersion } = await stale.json();
    const overwrite = await save(
      { benefitAmount: '888', overwriting: versionOf(first) },
      { 'if-match': `"${currentVersion}"` },
    );
    expect(overwrite.status).toBe(200);
    const events = await api.runtime.eventStore.readStream(claimStreamId(submissionId));
    const last = upcastClaimEvent(events.at(-1) as (typeof events)[number]);
    if (last.type !== 'ClaimAmendedByStaff') return expect.unreachable('an amendment');
    expect(last.data.overrode).toEqual([
      expect.objectContaining({ field: 'benefitAmount', to: 777, by: colleague.email }),
    ]);
  });
});
