import { describe, expect, it } from 'vitest';
import { submitClaimFormSchema } from '@contracts/claims/submit-claim-form';
import { checkIdentityForm, resetPasswordFormSchema } from '@contracts/identity/identity-forms';
import { RESET_PASSWORD_FIELDS } from '@contracts/identity/form-fields';
import { firstIssueByField } from './check-form';
import { errorsByField, firstErrorField, reportedFieldErrors } from './field-errors';

const codeOnly = (error: { code: string }) => `text of ${error.code}`;

describe('reportedFieldErrors', () => {
  it('keeps the well-formed entries of a problem+json body', () => {
    const body = {
      errors: [
        { field: 'email', code: 'email.invalid' },
        { field: 'email' },
        null,
        'postalCode.invalid',
        { field: 'postalCode', code: 'postalCode.invalid', params: { max: 7 }, message: 'Bad' },
      ],
    };
    expect(reportedFieldErrors(body)).toEqual([
      { field: 'email', code: 'email.invalid' },
      { field: 'postalCode', code: 'postalCode.invalid', params: { max: 7 }, message: 'Bad' },
    ]);
  });

  it('finds none in a body without errors, or no body at all', () => {
    expect(reportedFieldErrors({ code: 'INTERNAL' })).toEqual([]);
    expect(reportedFieldErrors({ errors: 'none' })).toEqual([]);
    expect(reportedFieldErrors(null)).toEqual([]);
  });
});

describe('errorsByField', () => {
  it('puts the first error of each shown field under it and the others at the top', () => {
    const { byField, other } = errorsByField(
      [
        { field: 'city', code: 'city.required' },
        { field: 'city', code: 'city.tooLong' },
        { field: 'language', code: 'language.invalidChoice' },
        { field: 'phone', code: 'phone.invalid' },
      ],
      ['city', 'phone', 'country'] as const,
      codeOnly,
    );
    expect(byField).toEqual({ city: 'text of city.required', phone: 'text of phone.invalid' });
    expect(other).toEqual(['text of language.invalidChoice']);
  });

  it('falls back on the code when a shown field’s error has no words', () => {
    const { byField } = errorsByField(
      [{ field: 'city', code: 'city.odd' }],
      ['city'],
      () => undefined,
    );
    expect(byField).toEqual({ city: 'city.odd' });
  });
});

describe('firstErrorField', () => {
  it('follows the form’s order, not the order the errors came in', () => {
    expect(firstErrorField(['a', 'b', 'c'], { c: 'x', b: 'y' })).toBe('b');
    expect(firstErrorField(['a', 'b'], {})).toBeUndefined();
  });
});

describe('the browser checks with the contracts’ rules', () => {
  it('gives each field of the claim form its first broken rule, as the API codes it', () => {
    const errors = firstIssueByField(submitClaimFormSchema, {
      policyNumber: '',
      productCode: 'nope',
      productType: 'Mortgage',
      claimType: 'Job Loss',
      claimDescription: 'Lost my job.',
    });
    expect(Object.keys(errors).sort()).toEqual(['policyNumber', 'productCode']);
    expect(errors).toMatchObject({ policyNumber: expect.stringMatching(/\w/) });
  });

  it('maps a reset form’s mismatch onto the confirmation field', () => {
    const result = checkIdentityForm(resetPasswordFormSchema(new Date()), RESET_PASSWORD_FIELDS, {
      recoveryCode: 'ABC123',
      newPassword: 'Valid#Pass1word',
      confirmPassword: 'Other#Pass1word',
    });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    const { byField } = errorsByField(
      result.errors,
      ['recoveryCode', 'newPassword', 'confirmPassword'] as const,
      codeOnly,
    );
    expect(byField).toEqual({ confirmPassword: 'text of password.mismatch' });
  });
});
