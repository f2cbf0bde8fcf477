import type { Claimant } from '@contracts/claims/events';
import { NotFoundError } from '@contracts/errors';
import type { CommandContext } from '../shared/command-context';
import type { ClaimRecord } from './claim';
import { readCopy, type SealedDocument } from './document-copies';
import { loadClaim } from './load-claim';
import { existingClaim, ownClaim } from './own-claim';
import type { ClaimPorts } from './ports';
import { documentViewed, recordView, type Viewing } from './view-claim-document';

export interface DecisionLetterFile {
  /** The name staff uploaded it under. */
  readonly fileName: string;
  /** The claim's confirmation number, which the claimant's copy is named after. */
  readonly confirmationNumber: string;
  readonly bytes: Uint8Array;
  readonly contentType: string;
}

/**
 * Who reads the letter: its own customer (whose reads keep their own event), or staff, who
 * may also download the sealed original (decision 127).
 */
export type LetterReader =
  | { readonly claimant: Claimant }
  | { readonly staff: Omit<Viewing, 'copy'> & { readonly copy?: Viewing['copy'] } };

/**
 * The letter the claim points at, as sealed by its upload. Its key is content-addressed, so
 * a key named without its upload event still ends with the sha256 its bytes must have.
 */
function sealedLetter(claim: ClaimRecord, submissionId: string): SealedDocument {
  const eobPath = claim.eobPath;
  if (!eobPath) throw new NotFoundError(`Claim ${submissionId} has no decision letter`);
  const letter = claim.decisionLetter?.key === eobPath ? claim.decisionLetter : undefined;
  return {
    submissionId,
    fileName: letter?.fileName ?? 'decision-letter.pdf',
    kind: 'decisionLetter',
    key: eobPath,
    sha256: letter?.sha256 ?? eobPath.slice(eobPath.lastIndexOf('/') + 1),
    ...(letter?.rendition ? { rendition: letter.rendition } : {}),
  };
}

/**
 * The rendition of the claim's letter (or, for staff, its original), checked against its
 * recorded sha256 (decision 127), for its own customer or for staff; a staff member's or
 * auditor's opening is recorded with their role and the copy in the claim's views stream.
 */
export async function readDecisionLetter(
  ports: ClaimPorts,
  submissionId: string,
  reader: LetterReader,
  context: CommandContext,
): Promise<DecisionLetterFile> {
  const state = await loadClaim(ports.eventStore, submissionId);
  const claim: ClaimRecord =
    'claimant' in reader
      ? ownClaim(state, submissionId, reader.claimant.customerId)
      : existingClaim(state, submissionId);
  const sealed = sealedLetter(claim, submissionId);
  const copy = 'staff' in reader ? (reader.staff.copy ?? 'rendition') : 'rendition';
  const served = await readCopy(ports, sealed, copy, context);
  if ('staff' in reader) {
    const viewing = { copy, role: reader.staff.role };
    await recordView(ports, documentViewed(sealed, served.contentType, viewing), context);
  }
  return {
    fileName: sealed.fileName,
    confirmationNumber: claim.confirmationNumber,
    bytes: served.bytes,
    contentType: served.contentType,
  };
}
