import { describe, expect, it } from 'vitest';
import type { AdditionalDocumentsAdded } from '@contracts/claims/events';
import { NotFoundError } from '@contracts/errors';
import { evolveClaim, initialClaim } from './claim';
import { claimDocument, documentViewed, sealedDocument } from './view-claim-document';
import {
  claimSubmitted,
  documentRef,
  inspected,
  SUBMISSION_ID,
} from '@tests/support/claims/claim-fixtures';

const form = documentRef(inspected('form.pdf'), 'claim');
const photo = documentRef(inspected('photo.png', 2048, 'image/png'), 'supporting');
const late = documentRef(inspected('late.pdf'), 'additional');
const added: AdditionalDocumentsAdded = {
  type: 'AdditionalDocumentsAdded',
  data: { submissionId: SUBMISSION_ID, documents: [late], addedAt: '2026-11-21T10:00:00.000Z' },
};
const claim = [claimSubmitted([form, photo]), added].reduce(evolveClaim, initialClaim());

describe('a staff view of a claim document', () => {
  it('finds initial and additional documents by their SHA-256', () => {
    expect(claimDocument(claim, SUBMISSION_ID, form.sha256)).toEqual(form);
    expect(claimDocument(claim, SUBMISSION_ID, photo.sha256)).toEqual(photo);
    expect(claimDocument(claim, SUBMISSION_ID, late.sha256)).toEqual(late);
  });

  it("refuses another claim's document, an unknown id and a claim that does not exist", () => {
    const elsewhere = inspected('someone-else.pdf').sha256;
    expect(() => claimDocument(claim, SUBMISSION_ID, elsewhere)).toThrow(NotFoundError);
    expect(() => claimDocument(claim, SUBMISSION_ID, '')).toThrow(NotFoundError);
    expect(() => claimDocument(initialClaim(), SUBMISSION_ID, form.sha256)).toThrow(NotFoundError);
  });

  it('records which document and copy, with its name and kind as the claim holds them, and the role', () => {
    const viewing = { copy: 'original', role: 'auditor' } as const;
    expect(documentViewed(sealedDocument(SUBMISSION_ID, photo), 'image/png', viewing)).toEqual({
      type: 'ClaimDocumentViewed',
      data: {
        submissionId: SUBMISSION_ID,
        documentId: photo.sha256,
        fileName: 'photo.png',
        kind: 'supporting',
        contentType: 'image/png',
        copy: 'original',
        role: 'auditor',
      },
    });
  });
});
