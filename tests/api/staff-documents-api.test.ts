import { createHash } from 'node:crypto';
import { asDataUrl, samplePng } from '@contracts/documents/testing/sample-documents';
import { documentViewsStreamId } from '@contracts/claims/document-view-events';
import fc from 'fast-check';
import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GET as documentViews } from '@site/pages/api/admin/claims/[submissionId]/document-views';
import {
  HEAD as headDocument,
  GET as viewDocument,
} from '@site/pages/api/admin/claims/[submissionId]/documents/[documentId]';
import { POST as amend } from '@site/pages/api/admin/claims/[submissionId]/index';
import { POST as addDocuments } from '@site/pages/api/claims/[submissionId]/documents';
import { POST as submitClaim } from '@site/pages/api/claims/index';
import {
  type ApiHarness,
  alice,
  apiContext,
  bob,
  getRequest,
  jsonRequest,
  openApiHarness,
  type Principals,
  pdf,
  staffEtag,
  staffMember,
} from './api-harness';

const colleague = { staffId: 'staff-2', email: 'colleague@claims.example' };
const sha256 = (dataUrl: string) =>
  createHash('sha256')
    .update(Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64'))
    .digest('hex');

/** Issue 27, finding 8: staff open the claimant's documents; each opening is recorded. */
describe('staff document viewer API', () => {
  let api: ApiHarness;
  let claimId: string;
  let otherClaimId: string;
  const form = pdf('claim-form.pdf');
  const photo = { name: 'reçu d’été.png', data: asDataUrl(samplePng(40, 30), 'image/png') };
  const late = pdf('late-statement.pdf');
  const bobsForm = pdf('bob-form.pdf');

  async function submitWith(customer: typeof alice, documents: unknown[]): Promise<string> {
    const answer = await submitClaim(
      apiContext(
        jsonRequest('/api/claims', {
          policyNumber: `P-${customer.customerId}`,
          productCode: '210',
          productType: 'Mortgage',
          claimType: 'Job Loss',
          documents,
        }),
        {},
        { customer },
      ),
    );
    expect(answer.status).toBe(201);
    return ((await answer.json()) as { submissionId: string }).submissionId;
  }

  beforeAll(async () => {
    api = await openApiHarness();
    claimId = await submitWith(alice, [
      { kind: 'claim', ...form },
      { kind: 'supporting', ...photo },
    ]);
    const added = await addDocuments(
      apiContext(
        jsonRequest(`/api/claims/${claimId}/documents`, { attachments: [late] }),
        { submissionId: claimId },
        { customer: alice },
      ),
    );
    expect(added.status).toBe(201);
    otherClaimId = await submitWith(bob, [{ kind: 'claim', ...bobsForm }]);
  });
  afterAll(() => api.close());

  const open = (
    documentId: string,
    { submissionId = claimId, query = '', principals = { staff: staffMember } as Principals } = {},
  ) =>
    viewDocument(
      apiContext(
        getRequest(`/api/admin/claims/${submissionId}/documents/${documentId}${query}`),
        { submissionId, documentId },
        principals,
      ),
    );
  const views = async (submissionId = claimId) =>
    api.runtime.eventStore.readStream(documentViewsStreamId(submissionId));

  it('answers an initial PDF inline with its rendition and type, and records the view', async () => {
    const answer = await open(sha256(form.data), { query: `?view=${uuidv7()}` });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('application/pdf');
    expect(answer.headers.get('content-disposition')).toMatch(
      /^inline; filename="claim-form\.pdf"/,
    );
    expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
    expect(answer.headers.get('cache-control')).toContain('no-store');
    // The rendition (decision 127): an image-only PDF, not the bytes the claimant sent.
    const bytes = Buffer.from(await answer.arrayBuffer());
    expect(createHash('sha256').update(bytes).digest('hex')).not.toBe(sha256(form.data));
    expect(bytes.toString('latin1')).toMatch(/\/Subtype\s*\/Image/);

    const recorded = await views();
    expect(recorded).toHaveLength(1);
    expect(recorded[0]?.type).toBe('ClaimDocumentViewed');
    expect(recorded[0]?.metadata.actor).toMatchObject({ kind: 'staff', id: staffMember.staffId });
    expect(recorded[0]?.data).toMatchObject({
      submissionId: claimId,
      documentId: sha256(form.data),
      fileName: 'claim-form.pdf',
      kind: 'claim',
      copy: 'rendition',
      role: 'agent',
    });
  });

  it('answers an image and an additional document the same way', async () => {
    const image = await open(sha256(photo.data));
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(image.headers.get('content-disposition')).toContain(
      `filename*=UTF-8''${encodeURIComponent('reçu d’été.png')}`,
    );
    const additional = await open(sha256(late.data));
    expect(additional.status).toBe(200);
    expect(additional.headers.get('content-type')).toBe('application/pdf');
    expect((await views()).map((event) => (event.data as { kind: string }).kind)).toEqual([
      'claim',
      'supporting',
      'additional',
    ]);
  });

  it('records one opening once, however often the frame asks, and each person separately', async () => {
    const before = (await views()).length;
    const view = uuidv7();
    for (let i = 0; i < 3; i += 1) {
      expect((await open(sha256(form.data), { query: `?view=${view}` })).status).toBe(200);
    }
    expect(await views()).toHaveLength(before + 1);
    const theirs = await open(sha256(form.data), {
      query: `?view=${view}`,
      principals: { staff: colleague },
    });
    expect(theirs.status).toBe(200);
    expect(await views()).toHaveLength(before + 2);
    expect((await open(sha256(form.data), { query: `?view=${uuidv7()}` })).status).toBe(200);
    expect(await views()).toHaveLength(before + 3);
  });

  it('answers HEAD with the same headers and records nothing: a HEAD shows nothing', async () => {
    const before = (await views()).length;
    const context = (documentId: string, principals: Principals = { staff: staffMember }) =>
      apiContext(
        new Request(`http://portal.test/api/admin/claims/${claimId}/documents/${documentId}`, {
          method: 'HEAD',
        }),
        { submissionId: claimId, documentId },
        principals,
      );
    const head = await headDocument(context(sha256(form.data)));
    expect(head.status).toBe(200);
    expect(head.headers.get('content-type')).toBe('application/pdf');
    expect(head.headers.get('content-disposition')).toMatch(/^inline;/);
    expect(await head.text()).toBe('');
    expect((await headDocument(context(sha256(bobsForm.data)))).status).toBe(404);
    expect((await headDocument(context('x'))).status).toBe(400);
    expect((await headDocument(context(sha256(form.data), {}))).status).toBe(401);
    expect(await views()).toHaveLength(before);
  });

  it('refuses anyone without a staff session, and records nothing', async () => {
    const before = await api.eventCount();
    for (const principals of [{}, { customer: alice }] as Principals[]) {
      const answer = await open(sha256(form.data), { principals });
      expect(answer.status).toBe(401);
      expect(answer.headers.get('content-type')).toBe('application/problem+json');
      const listed = await documentViews(
        apiContext(getRequest('/x'), { submissionId: claimId }, principals),
      );
      expect(listed.status).toBe(401);
    }
    expect(await api.eventCount()).toBe(before);
  });

  it("answers 404 for another claim's document and 400/404 for forged ids, never 500, recording nothing", async () => {
    const before = await api.eventCount();
    const otherViewsBefore = (await views(otherClaimId)).length;
    const cases: Array<[string, { submissionId?: string; query?: string }, number]> = [
      [sha256(bobsForm.data), {}, 404],
      [sha256(form.data), { submissionId: otherClaimId }, 404],
      ['0'.repeat(64), {}, 404],
      [sha256(form.data), { submissionId: uuidv7() }, 404],
      [sha256(form.data), { submissionId: '../../etc/passwd' }, 404],
      [sha256(form.data), { submissionId: '' }, 404],
      ['claim-form.pdf', {}, 400],
      [sha256(form.data).toUpperCase(), {}, 400],
      [`${sha256(form.data)}/../x`, {}, 400],
      ['', {}, 400],
      [sha256(form.data), { query: '?view=not-a-uuid' }, 400],
      [sha256(form.data), { query: `?view=${'f'.repeat(5000)}` }, 400],
    ];
    for (const [documentId, options, status] of cases) {
      const answer = await open(documentId, options);
      expect(answer.status, `${documentId} ${JSON.stringify(options)}`).toBe(status);
      expect(answer.headers.get('content-type')).toBe('application/problem+json');
    }
    expect(await api.eventCount()).toBe(before);
    expect(await views(otherClaimId)).toHaveLength(otherViewsBefore);
  });

  it('answers any forged claim id, document id or view key with 400 or 404, never 500, recording nothing', async () => {
    const before = await api.eventCount();
    const text = fc.oneof(
      fc.string({ maxLength: 80 }),
      fc.string({ unit: 'binary', maxLength: 80 }),
      fc.constantFrom('..', '%00', '\u202e', '0'.repeat(64), 'f'.repeat(65), ' '.repeat(64)),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(text, fc.uuid(), fc.constant(claimId)),
        fc.oneof(text, fc.stringMatching(/^[0-9a-f]{64}$/), fc.constant(sha256(bobsForm.data))),
        fc.option(fc.oneof(text, fc.uuid({ version: 7 })), { nil: undefined }),
        async (submissionId, documentId, view) => {
          const query = view === undefined ? '' : `?${new URLSearchParams({ view })}`;
          const answer = await viewDocument(
            apiContext(
              new Request(`http://portal.test/api/admin/claims/x/documents/y${query}`),
              { submissionId, documentId },
              { staff: staffMember },
            ),
          );
          expect([400, 404]).toContain(answer.status);
          expect(answer.headers.get('content-type')).toBe('application/problem+json');
        },
      ),
      { numRuns: 300 },
    );
    expect(await api.eventCount()).toBe(before);
  });

  it('keeps the claim version: a save read before a colleague viewed a document is not stale', async () => {
    const read = await staffEtag(claimId);
    expect((await open(sha256(late.data), { principals: { staff: colleague } })).status).toBe(200);
    expect(await staffEtag(claimId)).toBe(read);
    const saved = await amend(
      apiContext(
        jsonRequest(`/api/admin/claims/${claimId}`, { claimNumber: 'DV1' }, { 'if-match': read }),
        { submissionId: claimId },
        { staff: staffMember },
      ),
    );
    expect(saved.status, await saved.clone().text()).toBe(200);
  });

  it('lists the views for the Audit tab: who, when, which document, oldest first', async () => {
    const answer = await documentViews(
      apiContext(getRequest('/x'), { submissionId: claimId }, { staff: staffMember }),
    );
    expect(answer.status).toBe(200);
    const { views: listed } = (await answer.json()) as {
      views: { at: string; by: { email: string }; documentId: string; fileName: string }[];
    };
    expect(listed).toHaveLength((await views()).length);
    expect(listed[0]).toMatchObject({
      by: { kind: 'staff', id: staffMember.staffId, email: staffMember.email },
      documentId: sha256(form.data),
      fileName: 'claim-form.pdf',
      kind: 'claim',
    });
    expect(listed.at(-1)).toMatchObject({ by: { email: colleague.email }, kind: 'additional' });
    const instants = listed.map((view) => Date.parse(view.at));
    expect(instants).toEqual([...instants].sort((a, b) => a - b));
    const missing = await documentViews(
      apiContext(getRequest('/x'), { submissionId: uuidv7() }, { staff: staffMember }),
    );
    expect(missing.status).toBe(404);
  });

  it('says whether the views chain verifies: a view altered or cut off in Postgres is named', async () => {
    const list = async () =>
      (await (
        await documentViews(
          apiContext(getRequest('/x'), { submissionId: claimId }, { staff: staffMember }),
        )
      ).json()) as { chain: Record<string, unknown> };
    const count = (await views()).length;
    expect((await list()).chain).toEqual({ verified: true, events: count });

    const streamId = documentViewsStreamId(claimId);
    const original = ((await views())[1]?.data as { fileName?: string } | undefined)?.fileName;
    await api.database.pool.query(
      `update events set data = jsonb_set(data, '{fileName}', '"other.pdf"')
       where stream_id = $1 and stream_revision = 1`,
      [streamId],
    );
    expect((await list()).chain).toMatchObject({ verified: false, brokenAt: 2, reason: 'hash' });
    await api.database.pool.query(
      `update events set data = jsonb_set(data, '{fileName}', $2::jsonb)
       where stream_id = $1 and stream_revision = 1`,
      [streamId, JSON.stringify(original)],
    );
    expect((await list()).chain).toEqual({ verified: true, events: count });

    await api.database.pool.query(
      `delete from events where stream_id = $1
       and stream_revision = (select max(stream_revision) from events where stream_id = $1)`,
      [streamId],
    );
    expect((await list()).chain).toMatchObject({
      verified: false,
      brokenAt: count - 1,
      reason: 'head',
    });
  });
});
