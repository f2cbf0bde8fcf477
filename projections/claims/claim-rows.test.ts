import { describe, expect, it } from 'vitest';
import type { DocumentRef } from '@contracts/claims/documents';
import type { ClaimEvent } from '@contracts/claims/events';
import { type ClaimRow, evolveClaimRow } from './claim-rows';

const submissionId = '018f3a10-0000-7000-8000-000000000001';
const document = (fileName: string, size: number): DocumentRef => ({
  key: `claims/${submissionId}/${fileName}`,
  fileName,
  size,
  sha256: 'a'.repeat(64),
  contentType: 'application/pdf',
  kind: 'claim',
});

const submitted: ClaimEvent = {
  type: 'ClaimSubmitted',
  data: {
    submissionId,
    confirmationNumber: 'AB12C-D34EF',
    policyNumber: 'POL-1',
    productCode: '210',
    productType: 'Mortgage',
    claimType: 'Job Loss',
    claimDescription: 'Laid off',
    claimant: {
      customerId: 'customer-1',
      email: 'helene@example.com',
      firstName: 'hélène',
      lastName: "d'arcy-côté",
      dateOfBirth: '1980-04-02',
    },
    orgId: 'org-1',
    submittedAt: '2026-11-01T10:00:00.000Z',
    documents: [document('claim-form.pdf', 100), document('statement.pdf', 50)],
  },
};

const amended: ClaimEvent = {
  type: 'ClaimAmendedByStaff',
  data: {
    submissionId,
    changes: {
      claimNumber: { from: '', to: 'CL123' },
      status: { from: 'Submitted', to: 'Pending' },
      additionalReason: { from: '', to: 'Array:sentToMedical' },
      decisionLetterRead: { from: true, to: false },
    },
    amendedBy: { staffId: 'staff-7', email: 'agent@insurer.example' },
    amendedAt: '2026-11-02T09:00:00.000Z',
  },
};

const fold = (events: readonly ClaimEvent[]) =>
  events.reduce<ClaimRow | null>(
    (row, event, index) => evolveClaimRow(row, event, index + 1),
    null,
  );

describe('claim row, event by event', () => {
  it('given a submission, then the submitted defaults, document totals and accent-free search names', () => {
    expect(fold([submitted])).toMatchObject({
      submission_id: submissionId,
      status: 'Submitted',
      claim_number: null,
      benefit_amount: 0,
      decision_letter_read: true,
      created_at: '2026-11-01T10:00:00.000Z',
      updated_at: '2026-11-01T10:00:00.000Z',
      updated_by: null,
      version: 1,
      initial_document_count: 2,
      initial_document_total_size: 150,
      additional_document_count: 0,
      search_first_name: 'helene',
      search_last_name: "d'arcy-cote",
    });
  });

  it('given a staff save, then its fields, who and when; an emptied claim number is stored as null', () => {
    const row = fold([submitted, amended]);
    expect(row).toMatchObject({
      claim_number: 'CL123',
      status: 'Pending',
      additional_reason: 'Array:sentToMedical',
      decision_letter_read: false,
      updated_by: 'agent@insurer.example',
      updated_at: '2026-11-02T09:00:00.000Z',
      version: 2,
    });
    const cleared: ClaimEvent = {
      ...amended,
      data: { ...amended.data, changes: { claimNumber: { from: 'CL123', to: '' } } },
    };
    expect(fold([submitted, amended, cleared])?.claim_number).toBeNull();
  });

  it('given more documents, then counts and sizes add up; a letter read marks it read', () => {
    const row = fold([
      submitted,
      amended,
      {
        type: 'AdditionalDocumentsAdded',
        data: {
          submissionId,
          documents: [document('roe.pdf', 30)],
          addedAt: '2026-11-03T08:00:00.000Z',
        },
      },
      {
        type: 'DecisionLetterRead',
        data: { submissionId, customerId: 'customer-1', readAt: '2026-11-04T08:00:00.000Z' },
      },
    ]);
    expect(row).toMatchObject({
      additional_document_count: 1,
      additional_document_total_size: 30,
      updated_at: '2026-11-03T08:00:00.000Z',
      decision_letter_read: true,
      version: 4,
    });
  });

  it('given no row, then an event other than the submission changes nothing; a second submission neither', () => {
    expect(evolveClaimRow(null, amended, 2)).toBeNull();
    const row = fold([submitted]);
    expect(evolveClaimRow(row, submitted, 2)).toBe(row);
  });
});
