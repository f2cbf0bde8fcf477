import { describe, expect, it } from 'vitest';
import {
  draftView,
  EMPTY_DRAFT_ANSWERS,
  hasControlCharacter,
  missingStatementErrors,
  NO_DRAFT_ETAG,
  type StoredDraft,
  stepOfFields,
  WIZARD_STEPS,
} from './claim-draft';

/** Issue 48: the wizard's own rules, at the edges a mutant moved unnoticed. */
describe('control characters in draft answers', () => {
  it('refuses C0 and C1 controls and DEL, and takes the printable characters beside them', () => {
    for (const code of [0x00, 0x1f, 0x7f, 0x80, 0x9f]) {
      expect(hasControlCharacter(`a${String.fromCodePoint(code)}b`), code.toString(16)).toBe(true);
    }
    for (const code of [0x20, 0x7e, 0xa0, 0xe9]) {
      expect(hasControlCharacter(`a${String.fromCodePoint(code)}b`), code.toString(16)).toBe(false);
    }
  });

  it('takes line breaks and tabs only where they are allowed', () => {
    expect(hasControlCharacter('line\r\nbreak\ttab')).toBe(true);
    expect(hasControlCharacter('line\r\nbreak\ttab', true)).toBe(false);
    expect(hasControlCharacter('bell\u0007', true)).toBe(true);
  });
});

describe('the statement a claim type needs', () => {
  const answers = (claimType: string, checked: Partial<typeof EMPTY_DRAFT_ANSWERS> = {}) => ({
    ...EMPTY_DRAFT_ANSWERS,
    claimType,
    ...checked,
  });

  it('asks a job loss for the employer form, unless attached or promised', () => {
    expect(missingStatementErrors(answers('Job Loss'), [])).toEqual([
      { field: 'documents', code: 'documents.statementMissing', params: { kind: 'employer' } },
    ]);
    expect(missingStatementErrors(answers('Job Loss'), [{ kind: 'employer' }])).toEqual([]);
    expect(missingStatementErrors(answers('Job Loss'), [{ kind: 'physician' }])).toHaveLength(1);
    expect(missingStatementErrors(answers('Job Loss', { employerFormChecked: true }), [])).toEqual(
      [],
    );
    expect(
      missingStatementErrors(answers('Job Loss', { physicianStatementChecked: true }), []),
    ).toHaveLength(1);
  });

  it('asks a disability for the physician statement, and nothing of a claim with no type yet', () => {
    expect(
      missingStatementErrors(answers('Disability', { physicianStatementChecked: true }), []),
    ).toEqual([]);
    expect(
      missingStatementErrors(answers('Disability', { employerFormChecked: true }), []),
    ).toHaveLength(1);
    expect(missingStatementErrors(answers(''), [])).toEqual([]);
  });

  it('goes back to the first step holding a refused field, or to the summary', () => {
    expect(stepOfFields(['documents', 'policyNumber'])).toBe(WIZARD_STEPS.product);
    expect(stepOfFields(['form'])).toBe(WIZARD_STEPS.summary);
  });
});

describe('what the browser sees of a draft', () => {
  it('given no draft, then the first step, empty answers, no documents and the "no draft" ETag', () => {
    expect(draftView(undefined)).toEqual({
      step: WIZARD_STEPS.beforeYouStart,
      answers: EMPTY_DRAFT_ANSWERS,
      documents: [],
      etag: NO_DRAFT_ETAG,
    });
    expect(NO_DRAFT_ETAG).toBe('"new"');
  });

  it('given a stored draft, then its step, answers and attempt, its documents without where their bytes are, and an ETag of attempt and version', () => {
    const draft: StoredDraft = {
      customerId: 'customer-1',
      attemptId: 'attempt-1',
      version: 3,
      step: WIZARD_STEPS.documents,
      answers: { ...EMPTY_DRAFT_ANSWERS, policyNumber: 'POL-1234' },
      documents: [
        {
          id: 'document-1',
          kind: 'claim',
          fileName: 'claim.pdf',
          size: 1000,
          contentType: 'application/pdf',
          sha256: 'a'.repeat(64),
          storageKey: 'drafts/customer-1/document-1',
        },
      ],
    };
    expect(draftView(draft)).toEqual({
      step: WIZARD_STEPS.documents,
      answers: draft.answers,
      documents: [
        {
          id: 'document-1',
          kind: 'claim',
          fileName: 'claim.pdf',
          size: 1000,
          contentType: 'application/pdf',
        },
      ],
      attemptId: 'attempt-1',
      etag: '"attempt-1.3"',
    });
  });
});
