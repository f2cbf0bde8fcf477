import type { ClaimEvent } from '@contracts/claims/events';
import { describeAdditionalReason } from '@contracts/claims/reasons';
import { formatCad, isoMoment } from '../format';

/** The claim fields an event may change, as staff read them in the Audit tab. */
const FIELD_LABELS: Readonly<Record<string, string>> = {
  status: 'Status',
  submissionId: 'Submission id',
  confirmationNumber: 'Confirmation number',
  policyNumber: 'Policy number',
  productCode: 'Product code',
  productType: 'Product type',
  claimType: 'Claim type',
  claimDescription: 'Claim description',
  claimant: 'Claimant',
  claimNumber: 'Claim number',
  benefitAmount: 'Benefit amount',
  firstPaymentDate: 'Initial payment date',
  lastPaymentDate: 'Benefits approved to date',
  additionalReason: 'Additional reason',
  eobPath: 'Decision letter on file',
  decisionLetter: 'Decision letter',
  decisionLetterRead: 'Letter read by the customer',
  documents: 'Documents',
  submittedAt: 'Submitted at',
  updatedAt: 'Updated at',
  updatedBy: 'Updated by',
  overrode: 'Overwrote changes by',
};

/** Each event of a claim's stream as staff read it; its stored type stays in the title attribute. */
const EVENT_LABELS: Readonly<Record<ClaimEvent['type'], string>> = {
  ClaimSubmitted: 'Claim submitted',
  AdditionalDocumentsAdded: 'Documents added by the customer',
  ClaimAmendedByStaff: 'Claim changed by staff',
  DecisionLetterUploaded: 'Decision letter uploaded',
  DecisionLetterRead: 'Decision letter read by the customer',
};

export const eventLabel = (type: string) =>
  Object.hasOwn(EVENT_LABELS, type) ? EVENT_LABELS[type as ClaimEvent['type']] : type;

const INSTANTS: ReadonlySet<string> = new Set(['submittedAt', 'updatedAt']);
const EMPTY = '(empty)';

export const changeLabel = (field: string) => FIELD_LABELS[field] ?? field;

const fileNameOf = (value: unknown) =>
  value !== null && typeof value === 'object' && 'fileName' in value
    ? String(value.fileName)
    : undefined;

/** A changed value in words: amounts in CAD, reasons by name, instants local, files by name. */
export function changeValue(field: string, value: unknown): string {
  if (value === undefined || value === null || value === '') return EMPTY;
  if (field === 'benefitAmount' && Number.isFinite(Number(value))) return formatCad(Number(value));
  if (field === 'additionalReason') {
    return describeAdditionalReason(String(value), 'en').join('; ') || EMPTY;
  }
  if (INSTANTS.has(field)) return isoMoment(String(value));
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (field === 'eobPath') return 'Yes';
  if (field === 'overrode' && Array.isArray(value)) {
    return [...new Set(value.map((change) => String((change as { by?: unknown }).by)))].join(', ');
  }
  if (field === 'claimant' && typeof value === 'object') {
    const { firstName, lastName, email, dateOfBirth } = value as Record<string, unknown>;
    return `${firstName} ${lastName}, ${email}, born ${dateOfBirth}`;
  }
  if (Array.isArray(value)) {
    return value.length === 0
      ? EMPTY
      : value.map((item) => fileNameOf(item) ?? String(item)).join(', ');
  }
  if (typeof value === 'object') return fileNameOf(value) ?? JSON.stringify(value);
  return String(value);
}
