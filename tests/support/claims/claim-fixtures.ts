import { createHash } from 'node:crypto';
import type { InitialDocument } from '@contracts/claims/document-rules';
import {
  claimObjectKey,
  type DocumentKind,
  type DocumentRef,
  type InspectedFile,
} from '@contracts/claims/documents';
import type { ClaimSubmitted, StaffMember } from '@contracts/claims/events';
import { claimMessage, type ClaimMessageCode } from '@contracts/claims/messages';
import type { FieldError, ValidationError } from '@contracts/errors';
import { expect } from 'vitest';

/** Shared givens of the claim specifications. */

export const SUBMISSION_ID = '0190f1c2-0000-7000-8000-000000000001';
export const CUSTOMER_ID = 'customer-1';
export const now = new Date('2026-11-22T10:00:00.000Z');
export const staff: StaffMember = { staffId: 'staff-7', email: 'agent@insurer.example' };

export const KB = 1024;
export const MB = 1024 * KB;

const fakeSha = (seed: string) => createHash('sha256').update(seed).digest('hex');

export function inspected(
  fileName: string,
  size = 100 * KB,
  contentType: InspectedFile['contentType'] = 'application/pdf',
): InspectedFile {
  return { fileName, size, sha256: fakeSha(fileName), contentType };
}

export const initialDocument = (
  kind: InitialDocument['kind'],
  fileName: string,
  size = 100 * KB,
): InitialDocument => ({ ...inspected(fileName, size), kind });

export function documentRef(file: InspectedFile, kind: DocumentKind): DocumentRef {
  return {
    key: claimObjectKey(SUBMISSION_ID, file.sha256),
    fileName: file.fileName,
    size: file.size,
    sha256: file.sha256,
    contentType: file.contentType ?? 'application/pdf',
    kind,
  };
}

export function claimSubmitted(documents: readonly DocumentRef[] = []): ClaimSubmitted {
  return {
    type: 'ClaimSubmitted',
    data: {
      submissionId: SUBMISSION_ID,
      confirmationNumber: 'ABCDE-FGHJK',
      policyNumber: 'POL-1234',
      productCode: '210',
      productType: 'Mortgage',
      claimType: 'Job Loss',
      claimDescription: 'Laid off in October',
      claimant: {
        customerId: CUSTOMER_ID,
        email: 'marie.tremblay@example.com',
        firstName: 'Marie',
        lastName: 'Tremblay',
        dateOfBirth: '1980-04-02',
      },
      orgId: 'claims-portal',
      submittedAt: '2026-11-01T09:00:00.000Z',
      documents,
    },
  };
}

/** The error names the field, its stable code, and the code reads as the spec's words. */
export function withFieldError(
  expected: FieldError,
  message: string,
  lang: 'en' | 'fr' = 'en',
): (error: ValidationError) => void {
  return (error) => {
    expect(error.fieldErrors).toContainEqual(expected);
    expect(claimMessage(expected.code as ClaimMessageCode, lang, expected.params)).toBe(message);
  };
}
