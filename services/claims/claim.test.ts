import { describe, expect, it } from 'vitest';
import { claimObjectKey } from '@contracts/claims/documents';
import { evolveClaim, initialClaim, referencedKeys } from './claim';
import {
  claimSubmitted,
  documentRef,
  inspected,
  SUBMISSION_ID,
  staff,
} from '@tests/support/claims/claim-fixtures';

describe('evolveClaim', () => {
  it('applies the spec defaults of a submitted claim', () => {
    const claim = evolveClaim(initialClaim(), claimSubmitted());
    expect(claim).toMatchObject({
      status: 'Submitted',
      claimNumber: '',
      benefitAmount: 0,
      firstPaymentDate: null,
      lastPaymentDate: null,
      additionalReason: '',
      eobPath: null,
      decisionLetterRead: true,
      documents: [],
    });
  });

  it('folds documents, staff changes, the letter and its reading', () => {
    const initial = documentRef(inspected('claim.pdf'), 'claim');
    const extra = documentRef(inspected('roe.pdf'), 'additional');
    const letterKey = claimObjectKey(SUBMISSION_ID, 'f'.repeat(64));
    const claim = [
      claimSubmitted([initial]),
      {
        type: 'AdditionalDocumentsAdded' as const,
        data: {
          submissionId: SUBMISSION_ID,
          documents: [extra],
          addedAt: '2026-11-02T00:00:00.000Z',
        },
      },
      {
        type: 'DecisionLetterUploaded' as const,
        data: {
          key: letterKey,
          fileName: 'decision.pdf',
          size: 10,
          sha256: 'f'.repeat(64),
          submissionId: SUBMISSION_ID,
          uploadedBy: staff,
          uploadedAt: '2026-11-03T00:00:00.000Z',
        },
      },
      {
        type: 'ClaimAmendedByStaff' as const,
        data: {
          submissionId: SUBMISSION_ID,
          changes: {
            claimNumber: { from: '', to: 'AB12' },
            firstPaymentDate: { from: null, to: '2026-12-01' },
            status: { from: 'Submitted' as const, to: 'Approved' as const },
            eobPath: { from: null, to: letterKey },
            decisionLetterRead: { from: true, to: false },
          },
          amendedBy: staff,
          amendedAt: '2026-11-03T00:00:00.000Z',
        },
      },
    ].reduce(evolveClaim, initialClaim());
    expect(claim).toMatchObject({
      status: 'Approved',
      claimNumber: 'AB12',
      firstPaymentDate: '2026-12-01',
      eobPath: letterKey,
      decisionLetterRead: false,
      documents: [initial, extra],
      updatedAt: '2026-11-03T00:00:00.000Z',
      updatedBy: staff.email,
    });
    expect(referencedKeys(claim)).toEqual(new Set([initial.key, extra.key, letterKey]));
    const read = evolveClaim(claim, {
      type: 'DecisionLetterRead',
      data: {
        submissionId: SUBMISSION_ID,
        customerId: 'customer-1',
        readAt: '2026-11-04T00:00:00.000Z',
      },
    });
    expect(read).toMatchObject({ decisionLetterRead: true });
  });
});
