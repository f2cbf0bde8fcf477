import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentViewsStreamId } from '@contracts/claims/document-view-events';
import type { ClaimRecord } from './claim';
import { loadClaim } from './load-claim';
import { viewClaimDocument } from './view-claim-document';
import {
  type Harness,
  openHarness,
  staffContext,
  submittedWithForm,
} from '@tests/support/claims/handler-harness';

let harness: Harness;
beforeAll(async () => {
  harness = await openHarness();
});
afterAll(() => harness.close());

describe('a staff view of a claim document, as recorded', () => {
  it('records each copy opened under one command id, with the copy and the role', async () => {
    const submissionId = await submittedWithForm(harness.ports, 'pia');
    const claim = (await loadClaim(harness.ports.eventStore, submissionId)) as ClaimRecord;
    const documentId = claim.documents[0]?.sha256 ?? '';
    const opening = staffContext();
    for (const copy of ['rendition', 'original'] as const) {
      await viewClaimDocument(
        harness.ports,
        { submissionId, documentId, copy, role: 'auditor' },
        opening,
      );
    }
    const views = await harness.ports.eventStore.readStream(documentViewsStreamId(submissionId));
    expect(views.map((view) => view.data)).toMatchObject([
      { documentId, copy: 'rendition', role: 'auditor' },
      { documentId, copy: 'original', role: 'auditor' },
    ]);
  });
});
