import { describe, expect, it } from 'vitest';
import { EMPTY_DRAFT_ANSWERS } from '@contracts/claims/claim-draft';
import { stepErrors } from './step-rules';
import { nextStep, previousStep, progressState } from './wizard-steps';

describe('the wizard steps', () => {
  it('go forward to the submitted page at most and back to the first at least', () => {
    expect(nextStep(1)).toBe(2);
    expect(nextStep(6)).toBe(6);
    expect(previousStep(3)).toBe(2);
    expect(previousStep(1)).toBe(1);
  });

  it('mark the steps before the current one done', () => {
    expect([2, 3, 4, 5, 6].map((step) => progressState(step as 2, 4))).toEqual([
      'done',
      'done',
      'current',
      'todo',
      'todo',
    ]);
  });
});

describe('each step checks only its own answers, with the server rule codes', () => {
  it('product step', () => {
    expect(stepErrors(2, EMPTY_DRAFT_ANSWERS)).toEqual({
      policyNumber: 'required',
      productCode: 'invalidChoice',
      productType: 'invalidChoice',
    });
    expect(
      stepErrors(2, {
        ...EMPTY_DRAFT_ANSWERS,
        policyNumber: 'POL 1',
        productCode: '210',
        productType: 'Loans',
      }),
    ).toEqual({ policyNumber: 'invalidFormat' });
  });

  it('type step', () => {
    expect(stepErrors(3, EMPTY_DRAFT_ANSWERS)).toEqual({ claimType: 'invalidChoice' });
    expect(stepErrors(3, { ...EMPTY_DRAFT_ANSWERS, claimType: 'Disability' })).toEqual({});
    expect(stepErrors(4, EMPTY_DRAFT_ANSWERS)).toEqual({});
  });
});
