import type { AmendClaim } from '@contracts/claims/commands';
import { decisionLetterErrors } from '@contracts/claims/document-rules';
import { claimObjectKey, type InspectedFile, renditionRef } from '@contracts/claims/documents';
import type {
  ClaimAmendedByStaff,
  DecisionLetter,
  DecisionLetterUploaded,
  FieldChange,
  StaffClaimChanges,
} from '@contracts/claims/events';
import { ValidationError } from '@contracts/errors';
import type { Claim, ClaimRecord } from './claim';
import type { DecideContext } from './decide-context';
import { existingClaim } from './own-claim';
import { readStaffEdit, type StaffClaimValues } from './read-staff-edit';

/**
 * A staff save: the edited fields and, in the same save, a new decision letter. The letter
 * event comes first so that, appended together, the claim never points at an unknown letter.
 */
export function decideAmendment(
  command: AmendClaim,
  state: Claim,
  context: DecideContext,
): [ClaimAmendedByStaff] | [DecisionLetterUploaded, ClaimAmendedByStaff] {
  const { submissionId, changes: edit, decisionLetter: file, staff, overriding } = command.data;
  const claim = existingClaim(state, submissionId);
  const { values, errors } = readStaffEdit(edit, claim);
  if (file) errors.push(...decisionLetterErrors(file));
  if (errors.length > 0) throw new ValidationError(errors);

  const letter = file && toDecisionLetter(submissionId, file);
  const changes = changesOf(claim, values, letter);
  if (Object.keys(changes).length === 0 && !letter) {
    throw new ValidationError([{ field: 'form', code: 'form.noChanges' }]);
  }
  const at = context.now.toISOString();
  const overrode = (overriding ?? []).filter((other) => Object.hasOwn(changes, other.field));
  const amended: ClaimAmendedByStaff = {
    type: 'ClaimAmendedByStaff',
    data: {
      submissionId,
      // Every save puts the red dot back on the customer's dashboard.
      changes: { ...changes, ...changed('decisionLetterRead', claim.decisionLetterRead, false) },
      amendedBy: staff,
      amendedAt: at,
      ...(overrode.length > 0 ? { overrode } : {}),
    },
  };
  if (!letter) return [amended];
  return [
    {
      type: 'DecisionLetterUploaded',
      data: { ...letter, submissionId, uploadedBy: staff, uploadedAt: at },
    },
    amended,
  ];
}

function toDecisionLetter(submissionId: string, file: InspectedFile): DecisionLetter {
  return {
    key: claimObjectKey(submissionId, file.sha256),
    fileName: file.fileName,
    size: file.size,
    sha256: file.sha256,
    ...(file.rendition ? { rendition: renditionRef(submissionId, file.rendition) } : {}),
  };
}

function changed<Field extends keyof StaffClaimChanges, T>(
  field: Field,
  from: T,
  to: T,
): { [K in Field]?: FieldChange<T> } {
  return (from === to ? {} : { [field]: { from, to } }) as { [K in Field]?: FieldChange<T> };
}

/** Only the fields whose value differs, each with its previous value. */
function changesOf(
  claim: ClaimRecord,
  values: StaffClaimValues,
  letter: DecisionLetter | undefined,
): StaffClaimChanges {
  return {
    ...changed('claimNumber', claim.claimNumber, values.claimNumber),
    ...changed('benefitAmount', claim.benefitAmount, values.benefitAmount),
    ...changed('firstPaymentDate', claim.firstPaymentDate, values.firstPaymentDate),
    ...changed('lastPaymentDate', claim.lastPaymentDate, values.lastPaymentDate),
    ...changed('status', claim.status, values.status),
    ...changed('additionalReason', claim.additionalReason, values.additionalReason),
    ...changed('eobPath', claim.eobPath, letter ? letter.key : claim.eobPath),
  };
}
