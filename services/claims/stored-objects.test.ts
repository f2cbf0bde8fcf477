import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { claimDocumentsNamespace } from '@contracts/claims/documents';
import type { ClaimRecord } from './claim';
import { loadClaim } from './load-claim';
import { discardUnreferenced, storeClaimObjects } from './stored-objects';
import {
  type Harness,
  openHarness,
  pdfBytes,
  submittedWithForm,
} from '@tests/support/claims/handler-harness';

let harness: Harness;
beforeAll(async () => {
  harness = await openHarness();
});
afterAll(() => harness.close());

const putPdf = (submissionId: string, text: string) =>
  harness.ports.documents.put({
    namespace: claimDocumentsNamespace(submissionId),
    bytes: pdfBytes(text),
    contentType: 'application/pdf',
  });

describe('the objects a claim save stores', () => {
  it('names none it found there already: they are not the save’s to delete if it fails', async () => {
    const submissionId = uuidv7();
    const bytes = pdfBytes(`stored before ${submissionId}`);
    const before = await putPdf(submissionId, `stored before ${submissionId}`);
    const created = await storeClaimObjects(harness.ports, submissionId, [
      { key: before.key, bytes, contentType: 'application/pdf' },
    ]);
    expect(created).toEqual([]);
  });

  it('after a failed save, deletes what it created except what the claim points at now', async () => {
    const submissionId = await submittedWithForm(harness.ports, 'kim');
    const claim = (await loadClaim(harness.ports.eventStore, submissionId)) as ClaimRecord;
    const referenced = claim.documents[0]?.key ?? '';
    const orphan = await putPdf(submissionId, `never referenced ${submissionId}`);
    await discardUnreferenced(harness.ports, submissionId, [referenced, orphan.key]);
    expect(await harness.ports.documents.exists(referenced)).toBe(true);
    expect(await harness.ports.documents.exists(orphan.key)).toBe(false);
  });
});
