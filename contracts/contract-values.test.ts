import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { isIdempotencyKey } from './api/idempotency-key';
import { problemTitle } from './api/problem-titles';
import { assertNever } from './assert-never';
import { displayStatus } from './claims/catalogue';
import { chainHash } from './event-hash';
import type { EventMetadata } from './event-store';
import { claimantOf, type CustomerProfile } from './identity/profile';
import { RateLimitedError } from './identity/rate-limited-error';
import { integrationHeaders, type IntegrationEvent } from './integration/claim-integration-events';

describe('small contracts shared by both sides', () => {
  it('an Idempotency-Key is a UUID v7 in either case, nothing else', () => {
    expect(isIdempotencyKey('0190f1c2-0000-7000-8000-000000000001')).toBe(true);
    expect(isIdempotencyKey('0190F1C2-0000-7000-B000-00000000000A')).toBe(true);
    expect(isIdempotencyKey('0190f1c2-0000-4000-8000-000000000001')).toBe(false);
    expect(isIdempotencyKey('x0190f1c2-0000-7000-8000-000000000001')).toBe(false);
  });

  it('a problem’s title is in the reader’s language, English unless asked', () => {
    expect(problemTitle('NOT_FOUND')).toBe(problemTitle('NOT_FOUND', 'en'));
    expect(problemTitle('SERVICE_UNAVAILABLE')).toBe(
      'A service the portal needs is briefly unavailable',
    );
    expect(problemTitle('SERVICE_UNAVAILABLE', 'fr')).toBe(
      'Un service dont le portail a besoin est momentanément indisponible',
    );
  });

  it('an unhandled case names the value', () => {
    expect(() => assertNever({ kind: 'x' } as never)).toThrow('Unhandled case: {"kind":"x"}');
  });

  it('a missing or unknown status shows as Pending (spec §4)', () => {
    expect(displayStatus('Approved')).toBe('Approved');
    expect(displayStatus('approved')).toBe('Pending');
    expect(displayStatus(null)).toBe('Pending');
    expect(displayStatus(undefined)).toBe('Pending');
  });

  it('a claimant is the profile’s identity, nothing of its address', () => {
    const profile = {
      id: 'c-1',
      email: 'marie@example.test',
      firstName: 'Marie',
      lastName: 'O’Brien',
      dateOfBirth: '1980-04-02',
      city: 'Montréal',
    } as CustomerProfile;
    expect(claimantOf(profile)).toEqual({
      customerId: 'c-1',
      email: 'marie@example.test',
      firstName: 'Marie',
      lastName: 'O’Brien',
      dateOfBirth: '1980-04-02',
    });
  });

  it('a rate limit says which limit and when to retry, as a 429 code', () => {
    const error = new RateLimitedError('RESEND_COOLDOWN', 30, 'otp-resend');
    expect(error).toMatchObject({
      code: 'RATE_LIMITED',
      name: 'RateLimitedError',
      reason: 'RESEND_COOLDOWN',
      retryAfterSeconds: 30,
      message: 'Rate limited by otp-resend; retry after 30 s',
    });
  });

  it('an integration event’s Kafka headers route it without parsing the value', () => {
    const event = {
      eventId: 'e-1',
      type: 'ClaimSubmitted',
      version: 2,
    } as unknown as IntegrationEvent;
    expect(integrationHeaders(event)).toEqual({
      'event-id': 'e-1',
      'event-type': 'ClaimSubmitted',
      'event-version': '2',
      'content-type': 'application/json',
    });
  });

  it('an event’s chain hash is the sha256 of the previous hash and its canonical text', () => {
    const metadata = { schemaVersion: 1, actor: { kind: 'system', id: 'x' } } as EventMetadata;
    const text =
      '{"data":{"n":1},"metadata":{"actor":{"id":"x","kind":"system"},"schemaVersion":1},"streamId":"claim-1","streamRevision":"2","type":"T"}';
    const expected = createHash('sha256').update('prev').update(text).digest('hex');
    expect(chainHash('prev', 'claim-1', 2n, { type: 'T', data: { n: 1 }, metadata })).toBe(
      expected,
    );
  });
});
