import { describe, expect, it } from 'vitest';
import type { AdditionalDocumentsAdded } from '@contracts/claims/events';
import { NotFoundError } from '@contracts/errors';
import type { Actor, RecordedEvent } from '@contracts/event-store';
import { evolveClaim, initialClaim } from './claim';
import {
  claimDocument,
  documentViewed,
  sealedDocument,
  toDocumentView,
} from './view-claim-document';
import {
  claimSubmitted,
  documentRef,
  inspected,
  SUBMISSION_ID,
} from '@tests/support/claims/claim-fixtures';

const form = documentRef(inspected('form.pdf'), 'claim');
const photo = documentRef(inspected('photo.png', 2048, 'image/png'), 'supporting');
const late = documentRef(inspected('late.pdf'), 'additional');
const added: AdditionalDocumentsAdded = {
  type: 'AdditionalDocumentsAdded',
  data: { submissionId: SUBMISSION_ID, documents: [late], addedAt: '2026-11-21T10:00:00.000Z' },
};
const claim = [claimSubmitted([form, photo]), added].reduce(evolveClaim, initialClaim());

describe('a staff view of a claim document', () => {
  it('finds initial and additional documents by their SHA-256', () => {
    expect(claimDocument(claim, SUBMISSION_ID, form.sha256)).toEqual(form);
    expect(claimDocument(claim, SUBMISSION_ID, photo.sha256)).toEqual(photo);
    expect(claimDocument(claim, SUBMISSION_ID, late.sha256)).toEqual(late);
  });

  it("refuses another claim's document, an unknown id and a claim that does not exist", () => {
    const elsewhere = inspected('someone-else.pdf').sha256;
    expect(() => claimDocument(claim, SUBMISSION_ID, elsewhere)).toThrow(NotFoundError);
    expect(() => claimDocument(claim, SUBMISSION_ID, '')).toThrow(NotFoundError);
    expect(() => claimDocument(initialClaim(), SUBMISSION_ID, form.sha256)).toThrow(NotFoundError);
  });

  it('names the claim and the document id it did not find', () => {
    const unknown = inspected('unknown.pdf').sha256;
    expect(() => claimDocument(claim, SUBMISSION_ID, unknown)).toThrow(
      `Claim ${SUBMISSION_ID} has no document ${unknown}`,
    );
  });

  it('records which document and copy, with its name and kind as the claim holds them, and the role', () => {
    const viewing = { copy: 'original', role: 'auditor' } as const;
    expect(documentViewed(sealedDocument(SUBMISSION_ID, photo), 'image/png', viewing)).toEqual({
      type: 'ClaimDocumentViewed',
      data: {
        submissionId: SUBMISSION_ID,
        documentId: photo.sha256,
        fileName: 'photo.png',
        kind: 'supporting',
        contentType: 'image/png',
        copy: 'original',
        role: 'auditor',
      },
    });
  });
});

/** A view-stream event as the store gives it back. */
function recorded(type: string, data: object, actor: Actor, schemaVersion: number): RecordedEvent {
  return {
    type,
    data,
    metadata: {
      eventId: '0190f1c2-0000-7000-8000-0000000000aa',
      occurredAt: '2026-11-22T10:00:00.000Z',
      actor,
      correlationId: 'c',
      causationId: 'c',
      tenant: 'base',
      schemaVersion,
    },
    streamId: `claim-document-views-${SUBMISSION_ID}`,
    streamRevision: 0n,
    position: { commit: 1n, prepare: 1n },
    hash: '',
  } as RecordedEvent;
}

describe('the Audit tab’s list of views', () => {
  const staff: Actor = { kind: 'staff', id: 'staff-7', email: 'agent@insurer.example' };
  const viewed = {
    submissionId: SUBMISSION_ID,
    documentId: photo.sha256,
    fileName: 'photo.png',
    kind: 'supporting',
    contentType: 'image/png',
  };

  it('lists a view with who, when, which copy and the role', () => {
    const event = recorded(
      'ClaimDocumentViewed',
      { ...viewed, copy: 'rendition', role: 'auditor' },
      staff,
      2,
    );
    expect(toDocumentView(event)).toStrictEqual({
      at: '2026-11-22T10:00:00.000Z',
      by: staff,
      event: 'viewed',
      documentId: photo.sha256,
      fileName: 'photo.png',
      kind: 'supporting',
      copy: 'rendition',
      role: 'auditor',
    });
  });

  it('lists a view recorded before roles and renditions as of the original, with no role, and an actor with no email as such', () => {
    const system: Actor = { kind: 'system', id: 'migration' };
    expect(toDocumentView(recorded('ClaimDocumentViewed', viewed, system, 1))).toStrictEqual({
      at: '2026-11-22T10:00:00.000Z',
      by: { kind: 'system', id: 'migration' },
      event: 'viewed',
      documentId: photo.sha256,
      fileName: 'photo.png',
      kind: 'supporting',
      copy: 'original',
    });
  });

  it('lists a refused read as refused, with the copy refused', () => {
    const refused = {
      submissionId: SUBMISSION_ID,
      documentId: photo.sha256,
      fileName: 'photo.png',
      kind: 'supporting',
      copy: 'rendition',
      key: photo.key,
      expectedSha256: photo.sha256,
      foundSha256: 'f'.repeat(64),
    };
    expect(toDocumentView(recorded('ClaimDocumentReadRefused', refused, staff, 1))).toStrictEqual({
      at: '2026-11-22T10:00:00.000Z',
      by: staff,
      event: 'refused',
      documentId: photo.sha256,
      fileName: 'photo.png',
      kind: 'supporting',
      copy: 'rendition',
    });
  });
});
