import { createHash } from 'node:crypto';
import { v7 as uuidv7 } from 'uuid';
import type { DocumentRef } from '@contracts/claims/documents';
import {
  CLAIM_EVENT_SCHEMA_VERSIONS,
  type ClaimEvent,
  type Claimant,
  type StaffMember,
} from '@contracts/claims/events';
import type { Actor, NewEvent, RecordedEvent } from '@contracts/event-store';

/**
 * A claim's whole life as the handlers write it, in steps (one append each), for the relay's
 * tests and benchmark: submitted; a number and Pending asking for two documents; the
 * documents; a decision letter with Approved; the claimant reading the letter.
 */
export interface ClaimLife {
  readonly submissionId: string;
  readonly streamId: string;
  readonly claimant: Claimant;
  readonly confirmationNumber: string;
  readonly claimNumber: string;
  /** Each inner array is one append, in order. */
  readonly steps: readonly (readonly NewEvent[])[];
}

const STAFF: StaffMember = { staffId: 'staff-relay', email: 'relay.agent@claims.example' };

const doc = (submissionId: string, fileName: string, kind: DocumentRef['kind']): DocumentRef => {
  const sha256 = createHash('sha256').update(`${submissionId}/${fileName}`).digest('hex');
  return {
    key: `claims/${submissionId}/${sha256}`,
    fileName,
    size: 12_345,
    sha256,
    contentType: 'application/pdf',
    kind,
  };
};

export function claimLife(index: number, claimant: Claimant, at = new Date()): ClaimLife {
  const submissionId = uuidv7();
  const confirmationNumber = `R${String(index).padStart(4, '0')}-${String(index).padStart(5, '0')}`;
  const claimNumber = `N${String(index).padStart(7, '0')}`;
  const time = (step: number) => new Date(at.getTime() + step * 1000).toISOString();
  const customer: Actor = { kind: 'customer', id: claimant.customerId, email: claimant.email };
  const staff: Actor = { kind: 'staff', id: STAFF.staffId, email: STAFF.email };
  const letter = doc(submissionId, 'decision-letter.pdf', 'additional');
  const steps: Array<Array<{ event: ClaimEvent; actor: Actor; at: string }>> = [
    [
      {
        actor: customer,
        at: time(0),
        event: {
          type: 'ClaimSubmitted',
          data: {
            submissionId,
            confirmationNumber,
            policyNumber: `POL-${100_000 + index}`,
            productCode: '210',
            productType: 'Mortgage',
            claimType: 'Job Loss',
            claimDescription: 'Laid off when the plant closed.',
            claimant,
            orgId: 'claims-portal',
            submittedAt: time(0),
            documents: [doc(submissionId, 'claim-form.pdf', 'claim')],
          },
        },
      },
    ],
    [
      {
        actor: staff,
        at: time(1),
        event: {
          type: 'ClaimAmendedByStaff',
          data: {
            submissionId,
            changes: {
              claimNumber: { from: '', to: claimNumber },
              status: { from: 'Submitted', to: 'Pending' },
              additionalReason: {
                from: '',
                to: 'Array:recordOfEmployment,sentToMedical,bankStatement',
              },
              decisionLetterRead: { from: true, to: false },
            },
            amendedBy: STAFF,
            amendedAt: time(1),
          },
        },
      },
    ],
    [
      {
        actor: customer,
        at: time(2),
        event: {
          type: 'AdditionalDocumentsAdded',
          data: {
            submissionId,
            addedAt: time(2),
            documents: [
              doc(submissionId, 'record-of-employment.pdf', 'additional'),
              doc(submissionId, 'bank-statement.pdf', 'additional'),
            ],
          },
        },
      },
    ],
    [
      {
        actor: staff,
        at: time(3),
        event: {
          type: 'DecisionLetterUploaded',
          data: {
            key: letter.key,
            fileName: letter.fileName,
            size: letter.size,
            sha256: letter.sha256,
            submissionId,
            uploadedBy: STAFF,
            uploadedAt: time(3),
          },
        },
      },
      {
        actor: staff,
        at: time(3),
        event: {
          type: 'ClaimAmendedByStaff',
          data: {
            submissionId,
            changes: {
              status: { from: 'Pending', to: 'Approved' },
              additionalReason: {
                from: 'Array:recordOfEmployment,sentToMedical,bankStatement',
                to: '',
              },
              benefitAmount: { from: 0, to: 1234.5 },
              eobPath: { from: null, to: letter.key },
            },
            amendedBy: STAFF,
            amendedAt: time(3),
          },
        },
      },
    ],
    [
      {
        actor: customer,
        at: time(4),
        event: {
          type: 'DecisionLetterRead',
          data: { submissionId, customerId: claimant.customerId, readAt: time(4) },
        },
      },
    ],
  ];
  return {
    submissionId,
    streamId: `claim-${submissionId}`,
    claimant,
    confirmationNumber,
    claimNumber,
    steps: steps.map((step) =>
      step.map(({ event, actor, at: occurredAt }) => ({
        type: event.type,
        data: event.data,
        metadata: {
          eventId: uuidv7(),
          occurredAt,
          actor,
          correlationId: uuidv7(),
          causationId: uuidv7(),
          tenant: 'base',
          schemaVersion: CLAIM_EVENT_SCHEMA_VERSIONS[event.type],
        },
      })),
    ),
  };
}

/** The life's events as if stored, with made-up positions (for tests without a store). */
export function recordedLife(life: ClaimLife, firstPosition = 1n): RecordedEvent[] {
  return life.steps.flat().map((event, index) => ({
    ...event,
    streamId: life.streamId,
    streamRevision: BigInt(index),
    position: { commit: firstPosition + BigInt(index), prepare: firstPosition + BigInt(index) },
    hash: '',
  }));
}

export const claimantNumbered = (index: number): Claimant => ({
  customerId: `relay-customer-${index}`,
  email: `claimant.${index}@example.test`,
  firstName: 'Marie',
  lastName: 'Tremblay',
  dateOfBirth: '1980-04-02',
});
