import { describe, expect, it } from 'vitest';
import { ConflictError, ValidationError } from '@contracts/errors';
import { RateLimitedError } from '@contracts/identity/rate-limited-error';
import { toProblemResponse } from './problem.server';

describe('toProblemResponse', () => {
  it('answers a rate limit with 429 and Retry-After', async () => {
    const response = toProblemResponse(
      new RateLimitedError('RESEND_COOLDOWN', 42, 'verification-resend'),
      'r1',
    );
    expect(response.status).toBe(429);
    expect(response.headers.get('retry-after')).toBe('42');
    expect(await response.json()).toMatchObject({
      code: 'RATE_LIMITED',
      reason: 'RESEND_COOLDOWN',
      requestId: 'r1',
    });
  });

  it('adds the message of a claim rule in the caller language', async () => {
    const error = new ValidationError([{ field: 'documents', code: 'documents.noneSelected' }]);
    const body = await toProblemResponse(error, 'r2', 'fr').json();
    expect(body.errors[0].message).toMatch(/fichier/i);
  });

  it('adds the message of an identity rule in the caller language', async () => {
    const error = new ValidationError([{ field: 'postalCode', code: 'postalCode.invalid' }]);
    const body = await toProblemResponse(error, 'r5', 'en').json();
    expect(body.errors[0].message).toBe('Please enter a valid postal code');
  });

  it('maps typed errors once and rethrows anything else', () => {
    expect(toProblemResponse(new ConflictError('x'), 'r3').status).toBe(409);
    expect(() => toProblemResponse(new Error('bug'), 'r4')).toThrow('bug');
  });
});
