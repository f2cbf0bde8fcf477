import { CLAIM_STATUSES, type ClaimStatus } from '@contracts/claims/catalogue';
import { type CheckedFile, decisionLetterErrors } from '@contracts/claims/document-rules';
import {
  DECISION_LETTER_MESSAGES,
  STAFF_CLAIM_MESSAGES,
  type StaffClaimMessageCode,
} from '@contracts/claims/messages';
import { parseAdditionalReason, STATUS_REASON_RULES } from '@contracts/claims/reasons';
import {
  claimNumberError,
  dateTypingError,
  normalizeClaimNumber,
  parseBenefitAmount,
  paymentDateError,
  paymentPeriodError,
} from '@contracts/claims/staff-claim-rules';
import type { ClaimRecord } from '@services/claims/claim';

/** The edit form as typed (staff spec §2 "Claim edit page", §5). */
export interface ClaimFormValues {
  readonly claimNumber: string;
  readonly benefitAmount: string;
  readonly firstPaymentDate: string;
  readonly lastPaymentDate: string;
  readonly status: ClaimStatus;
  readonly reasons: readonly string[];
}

export type ClaimFormField = keyof ClaimFormValues | 'decisionLetter';
export type ClaimFormErrors = Partial<Record<ClaimFormField, string>>;

const staffMessage = (code: StaffClaimMessageCode) => STAFF_CLAIM_MESSAGES[code].en;

export function formValuesOf(claim: ClaimRecord): ClaimFormValues {
  return {
    claimNumber: claim.claimNumber,
    benefitAmount: String(claim.benefitAmount),
    firstPaymentDate: claim.firstPaymentDate ?? '',
    lastPaymentDate: claim.lastPaymentDate ?? '',
    status: claim.status,
    reasons: parseAdditionalReason(claim.additionalReason),
  };
}

/** The form's fields as the server reads them, so '100' and '100.00' compare equal. */
const COMPARABLE: Readonly<Record<keyof ClaimFormValues, (values: ClaimFormValues) => string>> = {
  claimNumber: (v) => normalizeClaimNumber(v.claimNumber),
  benefitAmount: (v) => {
    const parsed = parseBenefitAmount(v.benefitAmount);
    return parsed.ok ? String(parsed.value) : v.benefitAmount;
  },
  firstPaymentDate: (v) => v.firstPaymentDate.trim(),
  lastPaymentDate: (v) => v.lastPaymentDate.trim(),
  status: (v) => v.status,
  reasons: (v) => [...v.reasons].sort().join(','),
};
const FORM_KEYS = Object.keys(COMPARABLE) as (keyof ClaimFormValues)[];

/** The fields the person changed against the claim as loaded. */
export function editedFields(
  stored: ClaimFormValues,
  current: ClaimFormValues,
): (keyof ClaimFormValues)[] {
  return FORM_KEYS.filter((key) => COMPARABLE[key](stored) !== COMPARABLE[key](current));
}

/** Whether the form says something the stored claim does not (what enables Save). */
export function differs(stored: ClaimFormValues, current: ClaimFormValues): boolean {
  return editedFields(stored, current).length > 0;
}

/** Benefit amount typing: digits and one dot only (staff spec §5); anything else is not taken. */
export const acceptsAmountTyping = (text: string) => /^\d*\.?\d*$/.test(text);

/** The reasons last ticked under each status this edit visited. */
export type RememberedReasons = Partial<Record<ClaimStatus, readonly string[]>>;

/**
 * A new status keeps only the reasons its own list offers, and at most one where it takes one;
 * going back to a status visited in this edit puts back the reasons ticked there
 * (Pending → Denied → Pending keeps Pending's).
 */
export function withStatus(
  values: ClaimFormValues,
  status: ClaimStatus,
  remembered: RememberedReasons = {},
): ClaimFormValues {
  const rule = STATUS_REASON_RULES[status];
  const base = remembered[status] ?? values.reasons;
  const kept = base.filter((code) => rule.reasons.some((r) => r.code === code));
  return {
    ...values,
    status,
    reasons: rule.selection === 'single' ? kept.slice(0, 1) : rule.selection === 'none' ? [] : kept,
  };
}

export const isClaimStatus = (value: string): value is ClaimStatus =>
  (CLAIM_STATUSES as readonly string[]).includes(value);

/** The message a date field shows while typed (`leaving`: the field just lost focus). */
export function dateFieldError(value: string, leaving: boolean): string | undefined {
  const code = dateTypingError(value, { leaving });
  return code && staffMessage(code);
}

/** While typing, only a character the rule refuses shows at once; an empty field waits for Save. */
export function claimNumberTypingError(value: string): string | undefined {
  const code = claimNumberError(value);
  return code === 'claimNumber.notAlphanumeric' ? staffMessage(code) : undefined;
}

/** Every rule at save time, with the spec's messages by field. */
export function checkClaimForm(
  values: ClaimFormValues,
  letter: CheckedFile | undefined,
): ClaimFormErrors {
  const errors: ClaimFormErrors = {};
  const claimNumber = claimNumberError(values.claimNumber);
  if (claimNumber) errors.claimNumber = staffMessage(claimNumber);
  const amount = parseBenefitAmount(values.benefitAmount);
  if (!amount.ok) errors.benefitAmount = staffMessage(amount.code);
  const first = paymentDateError('firstPaymentDate', values.firstPaymentDate);
  if (first) errors.firstPaymentDate = staffMessage(first);
  const last = paymentDateError('lastPaymentDate', values.lastPaymentDate);
  if (last) errors.lastPaymentDate = staffMessage(last);
  const period =
    !first && !last
      ? paymentPeriodError(
          values.firstPaymentDate.trim() || null,
          values.lastPaymentDate.trim() || null,
        )
      : undefined;
  if (period) errors.lastPaymentDate = staffMessage(period);
  const letterError = letter && decisionLetterErrors(letter)[0];
  if (letterError) {
    errors.decisionLetter =
      DECISION_LETTER_MESSAGES[letterError.code as keyof typeof DECISION_LETTER_MESSAGES].en;
  }
  return errors;
}

/**
 * The save's body: only the fields the person changed (decision 048), so a save never
 * writes back a value it merely displayed. The claim number goes along with a status or
 * amount change when it is still empty, so the server can say it is required.
 */
export function saveBody(stored: ClaimFormValues, values: ClaimFormValues) {
  const edited = new Set(editedFields(stored, values));
  const body: Record<string, string | string[]> = {};
  if (edited.has('claimNumber')) body.claimNumber = values.claimNumber.trim();
  if (edited.has('benefitAmount')) body.benefitAmount = values.benefitAmount.trim();
  if (edited.has('firstPaymentDate')) body.firstPaymentDate = values.firstPaymentDate.trim();
  if (edited.has('lastPaymentDate')) body.lastPaymentDate = values.lastPaymentDate.trim();
  if (edited.has('status')) body.status = values.status;
  if (edited.has('reasons') || edited.has('status')) body.additionalReason = [...values.reasons];
  return body;
}
