import { describe, expect, it } from 'vitest';
import type { ClaimEvent } from '@contracts/claims/events';
import {
  claimSubmitted,
  documentRef,
  inspected,
  SUBMISSION_ID,
  staff,
} from '@tests/support/claims/claim-fixtures';
import { evolveClaim, initialClaim, referencedKeys } from './claim';

const letterUploaded: ClaimEvent = {
  type: 'DecisionLetterUploaded',
  data: {
    key: 'claims/letter-key',
    fileName: 'decision.pdf',
    size: 10,
    sha256: 'a'.repeat(64),
    submissionId: SUBMISSION_ID,
    uploadedBy: staff,
    uploadedAt: '2026-11-03T00:00:00.000Z',
  },
};
const letterRead: ClaimEvent = {
  type: 'DecisionLetterRead',
  data: { submissionId: SUBMISSION_ID, customerId: 'customer-1', readAt: '2026-11-04T00:00:00Z' },
};

/** Issue 48: the folds and key lists a mutant could change without a test noticing. */
describe('evolveClaim and referencedKeys', () => {
  it('given no submission, when a later event arrives, then the claim stays not submitted', () => {
    expect([letterUploaded, letterRead].reduce(evolveClaim, initialClaim())).toEqual({
      status: 'NotSubmitted',
    });
  });

  it('given a submitted claim, when a letter is uploaded, then it keeps exactly its key, name, size and hash', () => {
    const claim = evolveClaim(evolveClaim(initialClaim(), claimSubmitted()), letterUploaded);
    expect(claim).toMatchObject({
      decisionLetter: {
        key: 'claims/letter-key',
        fileName: 'decision.pdf',
        size: 10,
        sha256: 'a'.repeat(64),
      },
    });
    expect(referencedKeys(claim)).toEqual(new Set(['claims/letter-key']));
  });

  it('lists no key for a claim not submitted, nor for one without a letter', () => {
    expect(referencedKeys(initialClaim())).toEqual(new Set());
    expect(referencedKeys(evolveClaim(initialClaim(), claimSubmitted()))).toEqual(new Set());
  });

  it('given renditions and a letter key saved apart from the last letter, then the claim keeps each rendition and points at every key', () => {
    const renditionOf = (name: string) => ({
      key: `claims/${name}-rendition`,
      sha256: 'b'.repeat(64),
      size: 5,
      contentType: 'application/pdf' as const,
    });
    const document = {
      ...documentRef(inspected('claim.pdf'), 'claim'),
      rendition: renditionOf('document'),
    };
    const letterWithRendition: ClaimEvent = {
      type: 'DecisionLetterUploaded',
      data: {
        key: 'claims/letter-key',
        fileName: 'decision.pdf',
        size: 10,
        sha256: 'a'.repeat(64),
        rendition: renditionOf('letter'),
        submissionId: SUBMISSION_ID,
        uploadedBy: staff,
        uploadedAt: '2026-11-03T00:00:00.000Z',
      },
    };
    const olderLetterSaved: ClaimEvent = {
      type: 'ClaimAmendedByStaff',
      data: {
        submissionId: SUBMISSION_ID,
        changes: { eobPath: { from: null, to: 'claims/older-letter' } },
        amendedBy: staff,
        amendedAt: '2026-11-04T00:00:00.000Z',
      },
    };
    const claim = [claimSubmitted([document]), letterWithRendition, olderLetterSaved].reduce(
      evolveClaim,
      initialClaim(),
    );
    expect(claim).toMatchObject({
      documents: [document],
      decisionLetter: { key: 'claims/letter-key', rendition: renditionOf('letter') },
      eobPath: 'claims/older-letter',
    });
    expect(referencedKeys(claim)).toEqual(
      new Set([
        document.key,
        'claims/document-rendition',
        'claims/older-letter',
        'claims/letter-key',
        'claims/letter-rendition',
      ]),
    );
  });
});
