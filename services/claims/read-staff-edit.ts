import { CLAIM_STATUSES, type ClaimStatus } from '@contracts/claims/catalogue';
import type { StaffClaimEdit } from '@contracts/claims/commands';
import type { StaffClaimMessageCode } from '@contracts/claims/messages';
import {
  encodeAdditionalReason,
  parseAdditionalReason,
  STATUS_REASON_RULES,
} from '@contracts/claims/reasons';
import {
  claimNumberError,
  normalizeClaimNumber,
  type PaymentDateField,
  parseBenefitAmount,
  paymentDateError,
  paymentPeriodError,
} from '@contracts/claims/staff-claim-rules';
import type { FieldError } from '@contracts/errors';
import type { ClaimRecord } from './claim';

/** The claim's staff fields as they would be after the save. */
export interface StaffClaimValues {
  readonly claimNumber: string;
  readonly benefitAmount: number;
  readonly firstPaymentDate: string | null;
  readonly lastPaymentDate: string | null;
  readonly status: ClaimStatus;
  readonly additionalReason: string;
}

type Field = keyof StaffClaimValues;
type Checked<T> = { readonly value: T; readonly error?: StaffClaimMessageCode };

const ok = <T>(value: T): Checked<T> => ({ value });
const failed = <T>(value: T, error: StaffClaimMessageCode | undefined): Checked<T> =>
  error ? { value, error } : { value };

/**
 * Reads the edit form against the stored claim: a field left out keeps its value, and the
 * result must pass every rule as a whole (a claim number is required even when untouched).
 */
export function readStaffEdit(
  edit: StaffClaimEdit,
  claim: ClaimRecord,
): { readonly values: StaffClaimValues; readonly errors: FieldError[] } {
  const checked = {
    claimNumber: readClaimNumber(edit.claimNumber ?? claim.claimNumber),
    benefitAmount: readBenefitAmount(edit.benefitAmount, claim.benefitAmount),
    firstPaymentDate: readDate('firstPaymentDate', edit.firstPaymentDate, claim.firstPaymentDate),
    lastPaymentDate: readDate('lastPaymentDate', edit.lastPaymentDate, claim.lastPaymentDate),
    status: readStatus(edit.status, claim.status),
  };
  const reason = readReason(edit.additionalReason, claim, checked.status.value);
  const period =
    checked.firstPaymentDate.error || checked.lastPaymentDate.error
      ? undefined
      : paymentPeriodError(checked.firstPaymentDate.value, checked.lastPaymentDate.value);
  const all: Record<Field, Checked<unknown>> = { ...checked, additionalReason: reason };
  const errors: FieldError[] = Object.entries(all).flatMap(([field, { error }]) =>
    error ? [{ field, code: error }] : [],
  );
  if (period) errors.push({ field: 'lastPaymentDate', code: period });
  return {
    values: {
      claimNumber: checked.claimNumber.value,
      benefitAmount: checked.benefitAmount.value,
      firstPaymentDate: checked.firstPaymentDate.value,
      lastPaymentDate: checked.lastPaymentDate.value,
      status: checked.status.value,
      additionalReason: reason.value,
    },
    errors,
  };
}

function readClaimNumber(input: string): Checked<string> {
  return failed(normalizeClaimNumber(input), claimNumberError(input));
}

function readBenefitAmount(input: string | number | undefined, stored: number): Checked<number> {
  if (input === undefined) return ok(stored);
  const amount = parseBenefitAmount(input);
  return amount.ok ? ok(amount.value) : failed(stored, amount.code);
}

function readDate(
  field: PaymentDateField,
  input: string | undefined,
  stored: string | null,
): Checked<string | null> {
  if (input === undefined) return ok(stored);
  const text = input.trim();
  return failed(text === '' ? null : text, paymentDateError(field, text));
}

function readStatus(input: string | undefined, stored: ClaimStatus): Checked<ClaimStatus> {
  if (input === undefined) return ok(stored);
  const status = CLAIM_STATUSES.find((candidate) => candidate === input);
  return status ? ok(status) : failed(stored, 'status.invalidChoice');
}

/**
 * A reason sent with the save must fit the status. A stored reason carried over to a new
 * status that takes another list, or none, is cleared (decision 010).
 */
function readReason(
  input: string | readonly string[] | undefined,
  claim: ClaimRecord,
  status: ClaimStatus,
): Checked<string> {
  const rule = STATUS_REASON_RULES[status];
  if (input === undefined) {
    if (status === claim.status) return ok(claim.additionalReason);
    const codes = parseAdditionalReason(claim.additionalReason);
    return ok(reasonError(codes, status) ? '' : encodeAdditionalReason(codes, rule.selection));
  }
  const codes = selectedCodes(input);
  return failed(encodeAdditionalReason(codes, rule.selection), reasonError(codes, status));
}

function selectedCodes(input: string | readonly string[]): string[] {
  const codes = typeof input === 'string' ? parseAdditionalReason(input.trim()) : input;
  return [...new Set(codes.map((code) => code.trim()).filter((code) => code !== ''))];
}

function reasonError(
  codes: readonly string[],
  status: ClaimStatus,
): StaffClaimMessageCode | undefined {
  if (codes.length === 0) return undefined;
  const rule = STATUS_REASON_RULES[status];
  if (rule.selection === 'none') return 'additionalReason.notAllowed';
  if (codes.some((code) => !rule.reasons.some((reason) => reason.code === code))) {
    return 'additionalReason.invalidChoice';
  }
  if (rule.selection === 'single' && codes.length > 1) return 'additionalReason.singleOnly';
  return undefined;
}
