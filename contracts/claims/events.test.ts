import { describe, expect, it } from 'vitest';
import type { RecordedEvent } from '../event-store';
import { claimStreamId, isClaimEvent, upcastClaimEvent } from './events';

const recorded = (type: string, schemaVersion: number, data: unknown): RecordedEvent => ({
  type,
  data,
  streamId: 'claim-s-1',
  streamRevision: 0n,
  position: { commit: 1n, prepare: 1n },
  hash: '',
  metadata: {
    eventId: '0190f1c2-0000-7000-8000-000000000001',
    occurredAt: '2026-01-01T00:00:00.000Z',
    actor: { kind: 'customer', id: 'c' },
    correlationId: 'c',
    causationId: 'c',
    tenant: 'base',
    schemaVersion,
  },
});

describe('upcastClaimEvent', () => {
  it('reads a ClaimSubmitted v1 as v2 with no documents, leaving the stored data untouched', () => {
    const stored = { submissionId: 's-1', policyNumber: 'P' };
    const event = recorded('ClaimSubmitted', 1, stored);
    expect(upcastClaimEvent(event)).toEqual({
      type: 'ClaimSubmitted',
      data: { submissionId: 's-1', policyNumber: 'P', documents: [] },
    });
    expect(stored).toEqual({ submissionId: 's-1', policyNumber: 'P' });
  });

  it('reads a current event as it is', () => {
    const data = { submissionId: 's-1', documents: [{ key: 'k' }] };
    expect(upcastClaimEvent(recorded('ClaimSubmitted', 2, data)).data).toEqual(data);
  });

  it('refuses a version newer than the code, and a type that is not a claim event', () => {
    expect(() => upcastClaimEvent(recorded('ClaimSubmitted', 4, {}))).toThrow(/newer/);
    expect(() => upcastClaimEvent(recorded('ClaimNumberReserved', 1, {}))).toThrow(/Not a claim/);
  });

  it('reads each type at its current version as stored, and refuses one past it', () => {
    const data = { submissionId: 's-1', documents: [] };
    expect(upcastClaimEvent(recorded('ClaimSubmitted', 3, data)).data).toBe(data);
    expect(upcastClaimEvent(recorded('ClaimAmendedByStaff', 1, data)).data).toBe(data);
    expect(() => upcastClaimEvent(recorded('ClaimAmendedByStaff', 2, data))).toThrow(
      'ClaimAmendedByStaff v2 is newer than this code (v1)',
    );
  });

  it('refuses a version it has no upcaster from', () => {
    expect(() => upcastClaimEvent(recorded('ClaimAmendedByStaff', 0, {}))).toThrow(
      'No upcaster for ClaimAmendedByStaff v0',
    );
  });
});

describe('claim streams and events', () => {
  it('names a claim’s stream after its submission and knows the claim event types', () => {
    expect(claimStreamId('s-1')).toBe('claim-s-1');
    expect(isClaimEvent(recorded('DecisionLetterRead', 1, {}))).toBe(true);
    expect(isClaimEvent(recorded('ClaimNumberReserved', 1, {}))).toBe(false);
  });
});
