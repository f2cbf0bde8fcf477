import { describeAdditionalReason } from '@contracts/claims/reasons';
import { ADMIN_TEXT, fill } from '../admin-text';
import { formatCad, isoMoment } from '../format';
import { StaffApiError } from '../staff-api';
import type { ClaimFormField, ClaimFormValues } from './claim-form';

/** A change another person saved after the version this form was read at (decision 048). */
export interface OtherChange {
  readonly field: string;
  readonly from: unknown;
  readonly to: unknown;
  readonly by: string;
  readonly at: string;
}

export interface SaveConflict {
  readonly currentVersion: number;
  readonly changes: readonly OtherChange[];
}

const text = ADMIN_TEXT.conflict;

/** The stale-save 409 (with the current version and the changes since), else undefined. */
export function saveConflictOf(error: unknown): SaveConflict | undefined {
  if (!(error instanceof StaffApiError) || error.status !== 409) return undefined;
  const { currentVersion, changes } = error.problem;
  if (typeof currentVersion !== 'number' || !Array.isArray(changes)) return undefined;
  return { currentVersion, changes: changes as OtherChange[] };
}

/** The form fields a stored field feeds: status and reasons go together (the status picks the list). */
const FORM_FIELDS_OF: Readonly<Record<string, readonly ClaimFormField[]>> = {
  claimNumber: ['claimNumber'],
  benefitAmount: ['benefitAmount'],
  firstPaymentDate: ['firstPaymentDate'],
  lastPaymentDate: ['lastPaymentDate'],
  status: ['status', 'reasons'],
  additionalReason: ['status', 'reasons'],
  eobPath: ['decisionLetter'],
};

/** The person's edited fields that the other change touched too. */
export function collidingFields(
  edited: readonly ClaimFormField[],
  conflict: SaveConflict,
): ClaimFormField[] {
  const touched = new Set(conflict.changes.flatMap((c) => FORM_FIELDS_OF[c.field] ?? []));
  return edited.filter((field) => touched.has(field));
}

/** The edits to put back on the reloaded claim: those the other change did not touch. */
export function carriedEdits(
  values: ClaimFormValues,
  edited: readonly ClaimFormField[],
  colliding: readonly ClaimFormField[],
): Partial<ClaimFormValues> {
  const carried: Record<string, unknown> = {};
  for (const field of edited) {
    if (field !== 'decisionLetter' && !colliding.includes(field)) carried[field] = values[field];
  }
  return carried as Partial<ClaimFormValues>;
}

const LABELS: Readonly<Record<string, string>> = {
  claimNumber: ADMIN_TEXT.claim.claimNumber,
  benefitAmount: ADMIN_TEXT.claim.benefitAmount,
  firstPaymentDate: ADMIN_TEXT.claim.firstPaymentDate,
  lastPaymentDate: ADMIN_TEXT.claim.lastPaymentDate,
  status: ADMIN_TEXT.claim.status,
  additionalReason: ADMIN_TEXT.claim.additionalReason,
  eobPath: ADMIN_TEXT.claim.letter,
  reasons: ADMIN_TEXT.claim.additionalReason,
  decisionLetter: ADMIN_TEXT.claim.letter,
};

export const fieldLabel = (field: string) => LABELS[field] ?? field;

function shown(field: string, value: unknown, side: 'from' | 'to'): string {
  if (value === null || value === undefined || value === '') return text.none;
  if (field === 'benefitAmount' && typeof value === 'number') return formatCad(value);
  if (field === 'additionalReason' && typeof value === 'string') {
    return describeAdditionalReason(value, 'en').join(', ') || text.none;
  }
  if (field === 'eobPath') return side === 'to' ? text.newLetter : text.previousLetter;
  return String(value);
}

/** One line of the dialog: "Benefit amount: $0.00 → $2,222.22", and who saved it when. */
export function describeChange(change: OtherChange): {
  readonly what: string;
  readonly who: string;
} {
  return {
    what: fill(text.change, {
      field: fieldLabel(change.field),
      from: shown(change.field, change.from, 'from'),
      to: shown(change.field, change.to, 'to'),
    }),
    who: fill(text.byAt, { by: change.by, at: isoMoment(change.at) }),
  };
}
