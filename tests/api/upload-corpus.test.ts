import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  asDataUrl,
  sampleJpeg,
  samplePdf,
  samplePng,
} from '@contracts/documents/testing/sample-documents';
import { issue45Corpus } from '@contracts/documents/testing/rendition-hostile-documents';
import { GET as staffLetter } from '@site/pages/api/admin/claims/[submissionId]/decision-letter';
import { GET as viewDocument } from '@site/pages/api/admin/claims/[submissionId]/documents/[documentId]';
import { POST as amend } from '@site/pages/api/admin/claims/[submissionId]/index';
import {
  GET as listDocuments,
  POST as addDocuments,
} from '@site/pages/api/claims/[submissionId]/documents';
import { jpegMarkers, pdfContents, pngChunkTypes } from '../support/documents/rendition-contents';
import {
  type ApiHarness,
  apiContext,
  getRequest,
  jsonRequest,
  openApiHarness,
  submitSampleClaim,
  renamedExecutable,
  staffEtag,
  staffMember,
} from './api-harness';

const file = (name: string, bytes: Uint8Array, type = 'application/octet-stream') => ({
  name,
  data: asDataUrl(bytes, type),
});

/** Files that claim a type they do not hold (issue 13's upload findings). */
const CORPUS = {
  'header-only.pdf': Buffer.from('%PDF-1.4\n%%EOF\n'),
  'unparsable.pdf': Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(2048, 0x41)]),
  'truncated.jpg': sampleJpeg().subarray(0, sampleJpeg().length - 60),
  'garbage.png': Buffer.concat([samplePng(2, 2).subarray(0, 8), Buffer.alloc(512, 0x5a)]),
  'cut-off.png': samplePng(16, 16).subarray(0, 40),
};

describe('uploads are parsed, not just sniffed', () => {
  let api: ApiHarness;
  let submissionId: string;
  const eventCount = async () =>
    Number((await api.database.pool.query('select count(*) from events')).rows[0].count);

  const add = (attachments: unknown[]) =>
    addDocuments(
      apiContext(jsonRequest(`/api/claims/${submissionId}/documents`, { attachments }), {
        submissionId,
      }),
    );

  beforeAll(async () => {
    api = await openApiHarness();
    submissionId = await submitSampleClaim(undefined, 'UP-1');
  });
  afterAll(() => api.close());

  it.each(Object.entries(CORPUS))(
    'refuses %s as a document, changing nothing',
    async (name, bytes) => {
      const before = await eventCount();
      const response = await add([file(name, bytes)]);
      expect(response.status).toBe(400);
      expect((await response.json()).errors[0]).toMatchObject({
        code: 'documents.unsupportedType',
      });
      expect(await eventCount()).toBe(before);
    },
  );

  it('refuses a renamed executable', async () => {
    expect((await add([renamedExecutable('setup.pdf')])).status).toBe(400);
  });

  it('applies the same rules to decision letters: a header-only PDF is no letter', async () => {
    for (const [name, bytes] of Object.entries(CORPUS).filter(([n]) => n.endsWith('.pdf'))) {
      const response = await amend(
        apiContext(
          jsonRequest(
            `/api/admin/claims/${submissionId}`,
            { claimNumber: 'UP1', decisionLetter: file(name, bytes, 'application/pdf') },
            { 'if-match': await staffEtag(submissionId) },
          ),
          { submissionId },
          { staff: staffMember },
        ),
      );
      expect(response.status, name).toBe(400);
      expect((await response.json()).errors[0]).toMatchObject({ field: 'decisionLetter' });
    }
  });

  it.each(['evil.html', 'letter.exe', 'CON', 'letter\u202Efdp.exe', 'x\u202Efdp.pdf'])(
    'refuses a real PDF as a decision letter named %s, changing nothing',
    async (name) => {
      const before = await eventCount();
      const response = await amend(
        apiContext(
          jsonRequest(
            `/api/admin/claims/${submissionId}`,
            {
              claimNumber: 'UP3',
              decisionLetter: file(name, samplePdf('letter'), 'application/pdf'),
            },
            { 'if-match': await staffEtag(submissionId) },
          ),
          { submissionId },
          { staff: staffMember },
        ),
      );
      expect(response.status).toBe(400);
      // Direction controls are refused at the body's edge (decision 050), naming the name itself.
      expect((await response.json()).errors[0]).toMatchObject({
        field: expect.stringMatching(/^decisionLetter/),
      });
      expect(await eventCount()).toBe(before);
    },
  );

  it('takes a name without its zero-width space, and refuses look-alikes of it', async () => {
    const first = await add([file('same\u200B.pdf', samplePdf('first look-alike'))]);
    expect(first.status).toBe(201);
    const listed = await listDocuments(
      apiContext(getRequest(`/api/claims/${submissionId}/documents`), { submissionId }),
    );
    const names = (await listed.json()).documents.map((d: { fileName: string }) => d.fileName);
    expect(names).toContain('same.pdf');
    const lookAlike = await add([file('ＳＡＭＥ.pdf', samplePdf('second look-alike'))]);
    expect(lookAlike.status).toBe(400);
    expect((await lookAlike.json()).errors[0]).toMatchObject({ code: 'documents.duplicateName' });
  });

  it('keeps real PDF, PNG and JPEG files, under their Unicode names in one form (NFC)', async () => {
    const decomposed = 'Relevé d’emploi été.pdf'.normalize('NFD');
    const response = await add([
      file(decomposed, samplePdf('relevé')),
      file('scan 照片.png', samplePng(8, 8)),
      file('photo.jpg', sampleJpeg()),
    ]);
    expect(response.status).toBe(201);
    const listed = await listDocuments(
      apiContext(getRequest(`/api/claims/${submissionId}/documents`), { submissionId }),
    );
    const names = (await listed.json()).documents.map((d: { fileName: string }) => d.fileName);
    expect(names).toEqual(
      expect.arrayContaining([
        'Relevé d’emploi été.pdf'.normalize('NFC'),
        'scan 照片.png',
        'photo.jpg',
      ]),
    );
  });

  it('downloads a letter under its Unicode name, with an ASCII fallback', async () => {
    const saved = await amend(
      apiContext(
        jsonRequest(
          `/api/admin/claims/${submissionId}`,
          {
            claimNumber: 'UP2',
            decisionLetter: file('décision été.pdf', samplePdf('décision'), 'application/pdf'),
          },
          { 'if-match': await staffEtag(submissionId) },
        ),
        { submissionId },
        { staff: staffMember },
      ),
    );
    expect(saved.status).toBe(200);
    const letter = await staffLetter(
      apiContext(
        getRequest(`/api/admin/claims/${submissionId}/decision-letter`),
        { submissionId },
        { staff: staffMember },
      ),
    );
    expect(letter.headers.get('content-disposition')).toBe(
      `attachment; filename="decision_ete.pdf"; filename*=UTF-8''${encodeURIComponent('décision été.pdf')}`,
    );
  });
});

const SAFE_PNG_CHUNKS = new Set(['IHDR', 'PLTE', 'IDAT', 'IEND']);

/** The served rendition holds nothing of the hostile file: parsed, not trusted. */
function expectDisarmed(contentType: string, bytes: Uint8Array): void {
  if (contentType === 'application/pdf') {
    const pdf = pdfContents(bytes);
    expect(pdf.activeNames).toEqual([]);
    expect(new Set(pdf.xobjectSubtypes)).toEqual(new Set(['Image']));
    expect(pdf.otherFilters).toEqual([]);
    expect(pdf.hasZip).toBe(false);
  } else if (contentType === 'image/png') {
    expect(pngChunkTypes(bytes).filter((type) => !SAFE_PNG_CHUNKS.has(type))).toEqual([]);
  } else {
    const markers = jpegMarkers(bytes);
    expect(markers.filter((marker) => marker === 0xda)).toHaveLength(1);
    expect(markers).toContain(0xc0);
    expect(markers).not.toContain(0xc2);
    expect(markers).not.toContain(0xfe);
    expect(Buffer.from(bytes).toString('latin1')).not.toContain('%PDF');
  }
}

describe('issue 45: refused, or accepted only as a rendition in which none of it survives', () => {
  let api: ApiHarness;
  let corpus: Record<string, Buffer>;
  beforeAll(async () => {
    api = await openApiHarness();
    corpus = await issue45Corpus();
  });
  afterAll(() => api.close());

  it('judges every file of the corpus', async () => {
    const outcomes: Record<string, string> = {};
    for (const [index, [name, bytes]] of Object.entries(corpus).entries()) {
      // A claim each: the accepted files would pass one claim's limit of additional documents.
      const submissionId = await submitSampleClaim(undefined, `P-45-${index}`);
      const [events, objects] = [await api.eventCount(), await api.objectCount()];
      const answer = await addDocuments(
        apiContext(
          jsonRequest(`/api/claims/${submissionId}/documents`, {
            attachments: [file(name, bytes)],
          }),
          { submissionId },
        ),
      );
      if (answer.status === 400) {
        const refusal = (await answer.json()).errors[0].code as string;
        outcomes[name] = refusal;
        expect(refusal, name).toMatch(/^documents\./);
        expect(await api.eventCount(), name).toBe(events);
        expect(await api.objectCount(), name).toBe(objects);
        continue;
      }
      expect(answer.status, name).toBe(201);
      const documentId = createHash('sha256').update(bytes).digest('hex');
      const served = await viewDocument(
        apiContext(
          getRequest(`/api/admin/claims/${submissionId}/documents/${documentId}`),
          { submissionId, documentId },
          { staff: staffMember },
        ),
      );
      expect(served.status, name).toBe(200);
      const contentType = served.headers.get('content-type') ?? '';
      outcomes[name] = `rendition ${contentType}`;
      expectDisarmed(contentType, new Uint8Array(await served.arrayBuffer()));
    }
    console.info(`issue 45 corpus: ${JSON.stringify(outcomes, null, 1)}`);
    // The bomb itself never reaches a viewer: refused by the content-stream cap.
    expect(outcomes['pdf-700-content-streams.pdf']).toBe('documents.tooComplex');
  }, 120_000);
});
