import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { DocumentIntegrityError } from '@contracts/claims/document-integrity';
import { documentViewsStreamId } from '@contracts/claims/document-view-events';
import { claimStreamId } from '@contracts/claims/events';
import { ValidationError } from '@contracts/errors';
import { contentStreamBomb } from '@contracts/documents/testing/rendition-hostile-documents';
import { amendClaim } from './amend-claim';
import type { ClaimRecord } from './claim';
import { loadClaim } from './load-claim';
import { toNewEvents } from '../shared/command-context';
import { submitClaim } from './submit-claim';
import { viewClaimDocument } from './view-claim-document';
import { sha256Hex } from '@tests/support/claims/bytes';
import {
  claimSubmitted,
  documentRef,
  inspected,
  SUBMISSION_ID,
} from '@tests/support/claims/claim-fixtures';
import {
  claimantFor,
  customerContext,
  type Harness,
  openHarness,
  pdfBytes,
  pngBytes,
  staffContext,
  staffMember,
  submitRequest,
} from '@tests/support/claims/handler-harness';

/** A PDF of `pages` pages, each drawing a line of text. */
function pagesPdf(pages: number): Uint8Array {
  const kids = Array.from({ length: pages }, (_, page) => `${10 + page} 0 R`).join(' ');
  const body = [
    '1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj',
    `2 0 obj << /Type /Pages /Kids [${kids}] /Count ${pages} >> endobj`,
    '3 0 obj << /Length 33 >> stream\nBT /F1 12 Tf 72 720 Td (x) Tj ET\nendstream endobj',
    ...Array.from(
      { length: pages },
      (_, page) =>
        `${10 + page} 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] /Contents 3 0 R >> endobj`,
    ),
  ];
  return new TextEncoder().encode(
    `%PDF-1.7\n${body.join('\n')}\ntrailer << /Root 1 0 R >>\n%%EOF\n`,
  );
}

describe('every accepted document gets a rendition (decision 126)', () => {
  let harness: Harness;
  beforeAll(async () => {
    harness = await openHarness();
  });
  afterAll(() => harness.close());

  const submit = (customerId: string, files: { fileName: string; bytes: Uint8Array }[]) =>
    submitClaim(
      harness.ports,
      { ...submitRequest, documents: files.map((file) => ({ kind: 'supporting', file })) },
      claimantFor(customerId),
      customerContext(customerId),
    );

  const stored = async (key: string) => (await harness.ports.documents.get(key))?.bytes;

  it('stores each original and, beside it, a rendition whose sha256 the event records', async () => {
    const pdf = pdfBytes('a payslip');
    const png = pngBytes('a scan with a note');
    const { submissionId } = await submit('rena', [
      { fileName: 'payslip.pdf', bytes: pdf },
      { fileName: 'scan.png', bytes: png },
    ]);
    const claim = (await loadClaim(harness.ports.eventStore, submissionId)) as ClaimRecord;
    for (const [document, original] of [
      [claim.documents[0], pdf],
      [claim.documents[1], png],
    ] as const) {
      expect(document?.sha256).toBe(sha256Hex(original));
      expect(await stored(document?.key ?? '')).toEqual(original);
      const rendition = document?.rendition;
      expect(rendition).toMatchObject({ contentType: document?.contentType });
      const bytes = await stored(rendition?.key ?? '');
      expect(bytes && sha256Hex(bytes)).toBe(rendition?.sha256);
      expect(rendition?.key).not.toBe(document?.key);
    }
    const renditionPdf = Buffer.from(
      (await stored(claim.documents[0]?.rendition?.key ?? '')) ?? [],
    );
    expect(renditionPdf.toString('latin1')).toMatch(/\/Subtype\s*\/Image/);
  });

  it("renders a staff member's decision letter too, and stores it beside the letter", async () => {
    const { submissionId } = await submit('remy', [
      { fileName: 'form.pdf', bytes: pdfBytes('form of remy') },
    ]);
    const letter = pdfBytes('the decision');
    await amendClaim(
      harness.ports,
      {
        readVersion: 'latest',
        submissionId,
        changes: { claimNumber: 'REN1', status: 'Pending' },
        decisionLetter: { fileName: 'decision.pdf', bytes: letter },
      },
      staffMember,
      staffContext(),
    );
    const claim = (await loadClaim(harness.ports.eventStore, submissionId)) as ClaimRecord;
    const rendition = claim.decisionLetter?.rendition;
    expect(rendition?.contentType).toBe('application/pdf');
    const bytes = await stored(rendition?.key ?? '');
    expect(bytes && sha256Hex(bytes)).toBe(rendition?.sha256);
  });

  it.each([
    ['the content-stream bomb of issue 45', () => contentStreamBomb(), 'documents.tooComplex'],
    ['ten pages of 8 MiB content streams', () => contentStreamBomb(10, 8), 'documents.tooComplex'],
    ['a PDF past the page cap', () => pagesPdf(51), 'documents.tooManyPages'],
  ])('refuses %s with its own code, storing nothing', async (_, file, code) => {
    const objects = await harness.storedObjects();
    const customerId = `refused-${code}`;
    const attempt = submit(customerId, [{ fileName: 'big.pdf', bytes: new Uint8Array(file()) }]);
    await expect(attempt).rejects.toBeInstanceOf(ValidationError);
    await expect(attempt).rejects.toMatchObject({
      fieldErrors: [expect.objectContaining({ code })],
    });
    expect(await harness.storedObjects()).toEqual(objects);
  });

  it('serves a document stored before renditions through the pipeline at read time, checking its original', async () => {
    const original = pdfBytes('stored before renditions');
    const sha256 = sha256Hex(original);
    const stored = await harness.ports.documents.put({
      namespace: `claims/${SUBMISSION_ID}`,
      bytes: original,
      contentType: 'application/pdf',
    });
    // A ClaimSubmitted of schema version 2, as written before decision 126: no rendition.
    const legacy = claimSubmitted([
      { ...documentRef(inspected('old.pdf'), 'claim'), sha256, key: stored.key },
    ]);
    await harness.ports.eventStore.append(
      claimStreamId(SUBMISSION_ID),
      toNewEvents([legacy], staffContext(), { ClaimSubmitted: 2 }),
      { expectedRevision: 'no_stream' },
    );
    const view = (copy: 'rendition' | 'original') =>
      viewClaimDocument(
        harness.ports,
        { submissionId: SUBMISSION_ID, documentId: sha256, copy, role: 'agent' },
        staffContext(),
      );
    const shown = await view('rendition');
    expect(sha256Hex(shown.bytes)).not.toBe(sha256);
    expect(Buffer.from(shown.bytes).toString('latin1')).toMatch(/\/Subtype\s*\/Image/);
    expect(sha256Hex((await view('original')).bytes)).toBe(sha256);
    expect(await harness.storedObjects()).toContain(stored.key);

    await writeFile(join(harness.root, stored.key), pdfBytes('replaced'));
    await expect(view('rendition')).rejects.toBeInstanceOf(DocumentIntegrityError);
    const views = await harness.ports.eventStore.readStream(documentViewsStreamId(SUBMISSION_ID));
    expect(views.map((event) => event.type)).toEqual([
      'ClaimDocumentViewed',
      'ClaimDocumentViewed',
      'ClaimDocumentReadRefused',
    ]);
  });

  it('accepts a PDF at the page cap', async () => {
    const { submissionId } = await submit('pages', [
      { fileName: 'fifty.pdf', bytes: pagesPdf(50) },
    ]);
    const events = await harness.ports.eventStore.readStream(claimStreamId(submissionId));
    expect(events.map((event) => event.type)).toEqual(['ClaimSubmitted']);
  }, 60_000);
});
