import { describe, expect, it } from 'vitest';
import {
  ConflictError,
  PayloadTooLargeError,
  PreconditionRequiredError,
  StaleVersionError,
  ValidationError,
} from '@contracts/errors';
import { EventIdConflictError, WrongExpectedRevisionError } from '@contracts/event-store';
import { RateLimitedError } from '@contracts/identity/rate-limited-error';
import { notFoundResponse, toProblemResponse } from './problem.server';

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

  it('answers a body too large with 413, in the words of the field that made it so', async () => {
    expect(toProblemResponse(new PayloadTooLargeError('x'), 'r8').status).toBe(413);
    const response = toProblemResponse(
      new PayloadTooLargeError('x', [{ field: 'decisionLetter', code: 'decisionLetter.tooLarge' }]),
      'r9',
    );
    expect(response.status).toBe(413);
    expect((await response.json()).errors).toEqual([
      {
        field: 'decisionLetter',
        code: 'decisionLetter.tooLarge',
        message: 'File size exceeds 4MB limit. Please choose a smaller file.',
      },
    ]);
  });

  it('maps typed errors once and rethrows anything else', () => {
    expect(toProblemResponse(new ConflictError('x'), 'r3').status).toBe(409);
    expect(() => toProblemResponse(new Error('bug'), 'r4')).toThrow('bug');
  });

  it('answers every revision conflict with a 409, a stale write with what changed, a missing If-Match with 428 (decision 048)', async () => {
    const raced = toProblemResponse(new WrongExpectedRevisionError('claim-x', 3n, 4n), 'r6');
    expect(raced.status).toBe(409);
    expect(raced.headers.get('content-type')).toBe('application/problem+json');
    expect(toProblemResponse(new EventIdConflictError('claim-x', ['a']), 'r7').status).toBe(409);
    const change = { field: 'benefitAmount', from: 0, to: 2222.22, by: 'b@x', at: 'T' };
    const stale = toProblemResponse(new StaleVersionError('stale', 5, [change]), 'r8');
    expect(stale.status).toBe(409);
    expect(stale.headers.get('etag')).toBe('"5"');
    expect(await stale.json()).toMatchObject({
      code: 'CONFLICT',
      currentVersion: 5,
      changes: [change],
    });
    const missing = toProblemResponse(new PreconditionRequiredError('no If-Match'), 'r9', 'fr');
    expect(missing.status).toBe(428);
    expect(await missing.json()).toMatchObject({ code: 'PRECONDITION_REQUIRED' });
  });
});

describe('problem+json titles in the caller’s language (issue 28 finding 10)', () => {
  it('words the title of every refusal in English, French and Chinese', async () => {
    const error = new ValidationError([{ field: 'policyNumber', code: 'required' }]);
    const titles = await Promise.all(
      (['en', 'fr', 'cn'] as const).map(
        async (lang) => (await toProblemResponse(error, 'r', lang).json()).title,
      ),
    );
    expect(titles).toEqual([
      'The request has invalid fields',
      'La requête contient des champs non valides',
      '请求包含无效字段',
    ]);
    expect((await notFoundResponse('r', 'fr').json()).title).toBe('Introuvable');
    const conflict = new WrongExpectedRevisionError('claim-x', 1n, 2n);
    expect((await toProblemResponse(conflict, 'r', 'cn').json()).title).toBe('更改冲突');
  });
});
