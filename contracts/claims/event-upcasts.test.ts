import { describe, expect, it } from 'vitest';
import type { EventMetadata, RecordedEvent } from '../event-store';
import { claimNumberStreamId, upcastClaimNumberEvent } from './claim-number-events';
import { documentViewsStreamId, upcastDocumentViewEvent } from './document-view-events';

const recorded = (type: string, data: object, schemaVersion: number): RecordedEvent => ({
  type,
  data,
  metadata: { schemaVersion } as EventMetadata,
  streamId: 'any',
  streamRevision: 0n,
  position: { commit: 1n, prepare: 1n },
  hash: '',
});

const viewed = {
  submissionId: 's-1',
  documentId: 'a'.repeat(64),
  fileName: 'form.pdf',
  kind: 'claim',
  contentType: 'application/pdf',
};

describe('document view events (decisions 060, 127)', () => {
  it('live in a stream beside the claim’s own', () => {
    expect(documentViewsStreamId('s-1')).toBe('claim-document-views-s-1');
  });

  it('read a version 1 view as a view of the original', () => {
    expect(upcastDocumentViewEvent(recorded('ClaimDocumentViewed', viewed, 1))).toEqual({
      type: 'ClaimDocumentViewed',
      data: { ...viewed, copy: 'original' },
    });
  });

  it('keep the copy a version 2 view names, and a refused read as stored', () => {
    const rendition = { ...viewed, copy: 'rendition', role: 'auditor' };
    expect(upcastDocumentViewEvent(recorded('ClaimDocumentViewed', rendition, 2)).data).toEqual(
      rendition,
    );
    const refused = {
      ...viewed,
      copy: 'rendition',
      key: 'k',
      expectedSha256: 'a',
      foundSha256: 'b',
    };
    expect(upcastDocumentViewEvent(recorded('ClaimDocumentReadRefused', refused, 1))).toEqual({
      type: 'ClaimDocumentReadRefused',
      data: refused,
    });
  });

  it('refuse an event of another type, or of a version newer than this code', () => {
    expect(() => upcastDocumentViewEvent(recorded('ClaimSubmitted', viewed, 1))).toThrow(
      'Not a document view event: ClaimSubmitted',
    );
    expect(() => upcastDocumentViewEvent(recorded('ClaimDocumentViewed', viewed, 3))).toThrow(
      'ClaimDocumentViewed v3 is newer than this code',
    );
    expect(() => upcastDocumentViewEvent(recorded('ClaimDocumentReadRefused', viewed, 2))).toThrow(
      'newer than this code',
    );
  });
});

describe('claim number events', () => {
  const data = { claimNumber: 'CL1', submissionId: 's-1' };

  it('live in one stream per number', () => {
    expect(claimNumberStreamId('CL1')).toBe('claim-number-CL1');
  });

  it('read a reservation and a release as stored', () => {
    for (const type of ['ClaimNumberReserved', 'ClaimNumberReleased']) {
      expect(upcastClaimNumberEvent(recorded(type, data, 1))).toEqual({ type, data });
    }
  });

  it('refuse an event of another type, or of a version newer than this code', () => {
    expect(() => upcastClaimNumberEvent(recorded('ClaimSubmitted', data, 1))).toThrow(
      'Not a claim number event: ClaimSubmitted',
    );
    expect(() => upcastClaimNumberEvent(recorded('ClaimNumberReserved', data, 2))).toThrow(
      'ClaimNumberReserved v2 is newer than this code',
    );
  });
});
