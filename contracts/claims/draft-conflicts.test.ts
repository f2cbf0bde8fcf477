import { describe, expect, it } from 'vitest';
import { ConflictError } from '../errors';
import { type ClaimDraftView, EMPTY_DRAFT_ANSWERS } from './claim-draft';
import {
  DraftChangedError,
  DraftSubmittedError,
  draftChanges,
  parseDraftEtag,
} from './draft-conflicts';

const attemptId = '018f3a10-0000-7000-8000-000000000001';
const answers = { ...EMPTY_DRAFT_ANSWERS, policyNumber: 'POL-1', productCode: '210' };

describe('draft ETags (decision 121)', () => {
  it('reads "new", strong or weak, as no draft yet', () => {
    expect(parseDraftEtag('"new"')).toEqual({ kind: 'new' });
    expect(parseDraftEtag('W/"new"')).toEqual({ kind: 'new' });
  });

  it('reads an attempt id and its version as a number', () => {
    expect(parseDraftEtag(`"${attemptId}.12"`)).toEqual({ kind: 'draft', attemptId, version: 12 });
    expect(parseDraftEtag(`W/"${attemptId}.0"`)).toEqual({ kind: 'draft', attemptId, version: 0 });
  });

  it('refuses anything else: unquoted, a claim ETag, a version too long', () => {
    for (const value of ['new', '"3"', `"${attemptId}"`, `"${attemptId}.1234567890"`, `x"new"`]) {
      expect(parseDraftEtag(value), value).toBeUndefined();
    }
  });
});

describe('what another tab changed in a draft', () => {
  it('names each answer that differs, with its value then and now, and nothing else', () => {
    const read = { answers, documents: ['a.pdf'] };
    const current = {
      answers: { ...answers, policyNumber: 'POL-2', claimDescription: 'Laid off' },
      documents: ['a.pdf'],
    };
    expect(draftChanges(read, current)).toEqual([
      { field: 'policyNumber', from: 'POL-1', to: 'POL-2' },
      { field: 'claimDescription', from: '', to: 'Laid off' },
    ]);
    expect(draftChanges(read, read)).toEqual([]);
  });

  it('names the documents when a file was added, removed or reordered', () => {
    const read = { answers, documents: ['a.pdf', 'b.pdf'] };
    expect(draftChanges(read, { answers, documents: ['a.pdf', 'b.pdf'] })).toEqual([]);
    for (const documents of [
      ['a.pdf'],
      ['a.pdf', 'b.pdf', 'c.pdf'],
      ['b.pdf', 'a.pdf'],
      ['a.pdfb.pdf'],
    ]) {
      expect(draftChanges(read, { answers, documents })).toEqual([
        { field: 'documents', from: read.documents, to: documents },
      ]);
    }
  });

  it('are 409s that carry the draft, the changes, or the claim it became', () => {
    const draft = { attemptId } as unknown as ClaimDraftView;
    const changed = new DraftChangedError(draft, []);
    expect(changed).toBeInstanceOf(ConflictError);
    expect(changed).toMatchObject({
      code: 'CONFLICT',
      reason: 'draftChanged',
      name: 'DraftChangedError',
      draft,
      message: 'the draft changed since it was read',
    });
    const submitted = new DraftSubmittedError(attemptId, 'AB12C-D34EF');
    expect(submitted).toMatchObject({
      code: 'CONFLICT',
      reason: 'draftSubmitted',
      name: 'DraftSubmittedError',
      submissionId: attemptId,
      confirmationNumber: 'AB12C-D34EF',
      message: 'this claim was already submitted',
    });
  });
});
