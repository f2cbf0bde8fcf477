import { describe, expect, it } from 'vitest';
import type { RecordedEvent } from '@contracts/event-store';
import type { IntegrationEvent } from '@contracts/integration/claim-integration-events';
import { integrationEventSchema } from '@contracts/integration/claim-integration-events';
import { integrationSchemaValidator } from '@tests/support/integration-schemas';
import { mapClaimEvent, type RelayClaimState } from './map-claim-event';
import { claimantNumbered, claimLife, recordedLife } from './testing/claim-life';

function mapAll(events: readonly RecordedEvent[]): IntegrationEvent[] {
  let state: RelayClaimState | undefined;
  return events.flatMap((event) => {
    const mapped = mapClaimEvent(event, state);
    state = mapped.state;
    return mapped.integrationEvents;
  });
}

describe('mapping stored claim events to integration events', () => {
  const life = claimLife(7, claimantNumbered(7), new Date('2026-03-01T12:00:00.000Z'));
  const published = mapAll(recordedLife(life));

  it('gives each of the six types for a claim’s whole life, in the order it happened', () => {
    expect(published.map((event) => event.type)).toEqual([
      'claim.submitted',
      'claim.number-assigned',
      'claim.status-changed',
      'claim.documents-added',
      'claim.decision-letter-available',
      'claim.status-changed',
      'claim.decision-letter-read',
    ]);
    expect(new Set(published.map((event) => event.claimId))).toEqual(new Set([life.submissionId]));
    expect(new Set(published.map((event) => event.customerId))).toEqual(
      new Set([life.claimant.customerId]),
    );
  });

  it('validates every message against its committed JSON Schema (Ajv) and its zod shape', () => {
    const validate = integrationSchemaValidator();
    for (const event of published) {
      const message = JSON.parse(JSON.stringify(event));
      expect(validate(message), event.type).toEqual([]);
      expect(integrationEventSchema.safeParse(message).success, event.type).toBe(true);
    }
  });

  it('refuses a message that breaks its schema', () => {
    const validate = integrationSchemaValidator();
    const [submitted] = published;
    expect(validate({ ...submitted, claimId: 'not-a-uuid' })).not.toEqual([]);
    expect(validate({ ...submitted, data: { ...submitted?.data, extra: 1 } })).not.toEqual([]);
    expect(validate({ ...submitted, version: 9 })).toEqual(['no schema for claim.submitted v9']);
  });

  it('lists the needed documents apart from the other reasons, and says what the status was', () => {
    const [pending, approved] = published.filter((e) => e.type === 'claim.status-changed');
    expect(pending?.data).toMatchObject({
      previousStatus: 'Submitted',
      status: 'Pending',
      reasons: ['recordOfEmployment', 'sentToMedical', 'bankStatement'],
      neededDocuments: ['recordOfEmployment', 'bankStatement'],
    });
    expect(approved?.data).toMatchObject({
      previousStatus: 'Pending',
      status: 'Approved',
      reasons: [],
      neededDocuments: [],
    });
  });

  it('takes the status from the state when staff change only the reasons', () => {
    const [submitted, amended] = recordedLife(life);
    const state = mapClaimEvent(submitted!, undefined).state;
    const pending = mapClaimEvent(amended!, state).state;
    const reasonsOnly = {
      ...amended!,
      metadata: { ...amended!.metadata, eventId: '0190f0f0-0000-7000-8000-000000000001' },
      data: {
        submissionId: life.submissionId,
        changes: { additionalReason: { from: 'x', to: 'Array:claimantStatement' } },
        amendedBy: { staffId: 's', email: 's@x.test' },
        amendedAt: '2026-03-02T00:00:00.000Z',
      },
    };
    const [changed] = mapClaimEvent(reasonsOnly, pending).integrationEvents;
    expect(changed).toMatchObject({
      type: 'claim.status-changed',
      data: {
        previousStatus: 'Pending',
        status: 'Pending',
        neededDocuments: ['claimantStatement'],
      },
    });
  });

  it('gives the same ids when the same stored events are mapped again (re-publication)', () => {
    expect(mapAll(recordedLife(life)).map((e) => e.eventId)).toEqual(
      published.map((e) => e.eventId),
    );
    expect(new Set(published.map((e) => e.eventId)).size).toBe(published.length);
  });

  it('publishes no personal data of the claimant beyond name and email, and no storage keys', () => {
    const text = JSON.stringify(published);
    expect(text).not.toContain(life.claimant.dateOfBirth);
    expect(text).not.toContain('claims/');
    expect(text).not.toContain('Laid off');
  });

  it('ignores events of other streams (claim-number reservations)', () => {
    const reservation = {
      ...recordedLife(life)[0]!,
      type: 'ClaimNumberReserved',
      streamId: 'claim-number-N1',
      data: { claimNumber: 'N1', submissionId: life.submissionId },
    };
    expect(mapClaimEvent(reservation, undefined).integrationEvents).toEqual([]);
  });
});
