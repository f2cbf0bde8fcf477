import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentViewsStreamId } from '@contracts/claims/document-view-events';
import type { DocumentRef } from '@contracts/claims/documents';
import { asDataUrl, samplePdf, samplePng } from '@contracts/documents/testing/sample-documents';
import { portalMetrics } from '@infra/metrics/metrics';
import type { ClaimRecord } from '@services/claims/claim';
import { loadClaim } from '@services/claims/load-claim';
import { verifyStoredDocuments } from '@services/claims/verify-stored-documents';
import { GET as staffLetter } from '@site/pages/api/admin/claims/[submissionId]/decision-letter';
import { GET as letterOriginal } from '@site/pages/api/admin/claims/[submissionId]/decision-letter/original';
import { GET as documentViews } from '@site/pages/api/admin/claims/[submissionId]/document-views';
import { GET as viewDocument } from '@site/pages/api/admin/claims/[submissionId]/documents/[documentId]';
import { GET as downloadOriginal } from '@site/pages/api/admin/claims/[submissionId]/documents/[documentId]/original';
import { POST as amend } from '@site/pages/api/admin/claims/[submissionId]/index';
import { GET as customerLetter } from '@site/pages/api/claims/[submissionId]/decision-letter/index';
import { POST as submitClaim } from '@site/pages/api/claims/index';
import {
  type ApiHarness,
  alice,
  apiContext,
  getRequest,
  jsonRequest,
  openApiHarness,
  type Principals,
  staffEtag,
  staffMember,
} from './api-harness';

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const auditor = { staffId: 'auditor-1', email: 'auditor@claims.example' };
const asAgent: Principals = { staff: staffMember, staffRole: 'agent' };
const asAuditor: Principals = { staff: auditor, staffRole: 'auditor' };

/** Issue 45: views show renditions only, originals are sealed, every read is checked. */
describe('renditions served, originals sealed, every read checked (decision 127)', () => {
  let api: ApiHarness;
  let claimId: string;
  const form = samplePdf('claim form of alice');
  const photo = samplePng(30, 20, 120, 'a note that must not survive');
  const letter = samplePdf('the decision');

  const documentOf = async (original: Uint8Array): Promise<DocumentRef> => {
    const claim = (await loadClaim(api.runtime.eventStore, claimId)) as ClaimRecord;
    return claim.documents.find((document) => document.sha256 === sha256(original)) as DocumentRef;
  };
  const views = async () =>
    (await api.runtime.eventStore.readStream(documentViewsStreamId(claimId))).map((event) => ({
      type: event.type,
      ...(event.data as Record<string, unknown>),
    }));
  const open = (route: typeof viewDocument, documentId: string, principals = asAgent) =>
    route(
      apiContext(
        getRequest(`/api/admin/claims/${claimId}/documents/${documentId}`),
        { submissionId: claimId, documentId },
        principals,
      ),
    );
  const openLetter = (principals: Principals) =>
    staffLetter(
      apiContext(
        getRequest(`/api/admin/claims/${claimId}/decision-letter`),
        { submissionId: claimId },
        principals,
      ),
    );
  /** Replaces the bytes at a storage key, as someone with access to the bucket could. */
  const replaceAt = (key: string, bytes: Uint8Array) =>
    writeFile(join(api.runtime.config.DATA_DIR, 'objects', key), bytes);

  beforeAll(async () => {
    api = await openApiHarness();
    const answer = await submitClaim(
      apiContext(
        jsonRequest('/api/claims', {
          policyNumber: 'P-REN',
          productCode: '210',
          productType: 'Mortgage',
          claimType: 'Job Loss',
          documents: [
            { kind: 'claim', name: 'form.pdf', data: asDataUrl(form, 'application/pdf') },
            { kind: 'supporting', name: 'photo.png', data: asDataUrl(photo, 'image/png') },
          ],
        }),
        {},
        { customer: alice },
      ),
    );
    expect(answer.status).toBe(201);
    claimId = ((await answer.json()) as { submissionId: string }).submissionId;
    const saved = await amend(
      apiContext(
        jsonRequest(
          `/api/admin/claims/${claimId}`,
          {
            claimNumber: 'REN1',
            decisionLetter: { name: 'decision.pdf', data: asDataUrl(letter, 'application/pdf') },
          },
          { 'if-match': await staffEtag(claimId) },
        ),
        { submissionId: claimId },
        { staff: staffMember },
      ),
    );
    expect(saved.status).toBe(200);
  });
  afterAll(() => api.close());

  it("serves the rendition at the original's address: the note of the PNG does not survive", async () => {
    const answer = await open(viewDocument, sha256(photo));
    expect(answer.status).toBe(200);
    const bytes = new Uint8Array(await answer.arrayBuffer());
    expect(sha256(bytes)).toBe((await documentOf(photo)).rendition?.sha256);
    expect(Buffer.from(bytes).toString('latin1')).not.toContain('a note');
  });

  it('downloads the original only as an attachment, recorded with the role of the one who asked', async () => {
    const before = (await views()).length;
    for (const principals of [asAgent, asAuditor]) {
      const answer = await open(downloadOriginal, sha256(form), principals);
      expect(answer.status).toBe(200);
      expect(answer.headers.get('content-disposition')).toMatch(
        /^attachment; filename="form\.pdf"/,
      );
      expect(sha256(new Uint8Array(await answer.arrayBuffer()))).toBe(sha256(form));
    }
    expect((await views()).slice(before)).toEqual([
      expect.objectContaining({ type: 'ClaimDocumentViewed', copy: 'original', role: 'agent' }),
      expect.objectContaining({ type: 'ClaimDocumentViewed', copy: 'original', role: 'auditor' }),
    ]);
  });

  it("records each staff member's and auditor's opening of the decision letter; the claimant gets its rendition", async () => {
    const before = (await views()).length;
    expect((await openLetter(asAgent)).status).toBe(200);
    expect((await openLetter(asAuditor)).status).toBe(200);
    const recorded = (await views()).slice(before);
    expect(recorded).toEqual([
      expect.objectContaining({ kind: 'decisionLetter', copy: 'rendition', role: 'agent' }),
      expect.objectContaining({ kind: 'decisionLetter', copy: 'rendition', role: 'auditor' }),
    ]);
    const claim = (await loadClaim(api.runtime.eventStore, claimId)) as ClaimRecord;
    const own = await customerLetter(
      apiContext(getRequest(`/api/claims/${claimId}/decision-letter`), { submissionId: claimId }),
    );
    expect(own.status).toBe(200);
    expect(sha256(new Uint8Array(await own.arrayBuffer()))).toBe(
      claim.decisionLetter?.rendition?.sha256,
    );
    expect((await views()).length).toBe(before + 2);
  });

  it("downloads the letter's original as staff uploaded it, recorded with the role", async () => {
    const before = (await views()).length;
    const answer = await letterOriginal(
      apiContext(
        getRequest(`/api/admin/claims/${claimId}/decision-letter/original`),
        { submissionId: claimId },
        asAuditor,
      ),
    );
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-disposition')).toMatch(/^attachment;/);
    expect(sha256(new Uint8Array(await answer.arrayBuffer()))).toBe(sha256(letter));
    expect((await views()).slice(before)).toEqual([
      expect.objectContaining({ kind: 'decisionLetter', copy: 'original', role: 'auditor' }),
    ]);
  });

  it('refuses bytes replaced at a storage key, counts it, records it for the Audit tab and audit verify', async () => {
    const document = await documentOf(form);
    const counted = async () =>
      (await portalMetrics().documentIntegrityRefusals.get()).values.reduce(
        (sum, value) => sum + value.value,
        0,
      );
    const countedBefore = await counted();
    await replaceAt(document.rendition?.key ?? '', samplePdf('forged rendition'));
    await replaceAt(document.key, samplePdf('forged original'));

    for (const route of [viewDocument, downloadOriginal]) {
      const refused = await open(route, document.sha256);
      expect(refused.status).toBe(409);
      expect(refused.headers.get('content-type')).toBe('application/problem+json');
      expect((await refused.json()).errors[0]).toMatchObject({
        code: 'documents.integrityFailed',
        message: expect.stringContaining('does not match'),
      });
    }
    expect(await counted()).toBe(countedBefore + 2);

    const listed = await documentViews(
      apiContext(getRequest('/x'), { submissionId: claimId }, asAuditor),
    );
    const refusals = ((await listed.json()) as { views: { event: string; copy: string }[] }).views
      .filter((view) => view.event === 'refused')
      .map((view) => view.copy);
    expect(refusals).toEqual(['rendition', 'original']);
    const report = await verifyStoredDocuments(api.runtime);
    expect(report.altered.map((object) => object.key).sort()).toEqual(
      [document.key, document.rendition?.key].sort(),
    );

    const cli = await runAuditVerify(api);
    expect(cli.code).toBe(1);
    expect(cli.stdout).toContain('documents FAILED: 2 of');
    expect(cli.stdout).toContain(document.key);
  }, 60_000);
});

/** `npm run audit -- verify` against the harness's database and document storage. */
async function runAuditVerify(api: ApiHarness) {
  const env = {
    ...process.env,
    DATABASE_URL: api.database.url,
    DATA_DIR: api.runtime.config.DATA_DIR,
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
  };
  try {
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', 'infra/launcher/audit-cli.ts', 'verify'],
      { env },
    );
    return { code: 0, stdout };
  } catch (error) {
    const failed = error as { code: number; stdout: string };
    return { code: failed.code, stdout: failed.stdout };
  }
}
