import { ADMIN_TEXT } from '../admin-text';
import { StaffApiError } from '../staff-api';
import type { ClaimFormErrors, ClaimFormField } from './claim-form';

const messages = ADMIN_TEXT.messages;
const FORM_FIELDS: Readonly<Record<string, ClaimFormField>> = {
  claimNumber: 'claimNumber',
  benefitAmount: 'benefitAmount',
  firstPaymentDate: 'firstPaymentDate',
  lastPaymentDate: 'lastPaymentDate',
  status: 'status',
  additionalReason: 'reasons',
  decisionLetter: 'decisionLetter',
};

/**
 * What a failed save shows (staff spec §8): a taken claim number (409 naming the field) marks it;
 * a refused letter means nothing was saved; other refusals mark their fields; anything
 * that is not an answer from the API is unexpected.
 */
export function saveFailure(
  error: unknown,
  withLetter: boolean,
): { readonly message: string; readonly fieldErrors: ClaimFormErrors } {
  if (!(error instanceof StaffApiError)) return { message: messages.unexpected, fieldErrors: {} };
  const fieldErrors: ClaimFormErrors = {};
  for (const fieldError of error.errors) {
    const field = FORM_FIELDS[fieldError.field];
    if (field && fieldError.message) fieldErrors[field] = fieldError.message;
  }
  if (error.status === 409 && fieldErrors.claimNumber) {
    return {
      message: fieldErrors.claimNumber,
      fieldErrors: { claimNumber: fieldErrors.claimNumber },
    };
  }
  if (withLetter && fieldErrors.decisionLetter) {
    return { message: messages.letterNotSaved, fieldErrors };
  }
  if (withLetter && error.status >= 500)
    return { message: messages.letterUploadFailed, fieldErrors };
  return { message: messages.notSaved, fieldErrors };
}
