import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NotFoundError, ValidationError } from '@contracts/errors';
import { RateLimitedError } from '@contracts/identity/rate-limited-error';
import { registrationBody } from '@contracts/identity/testing/identity-fixtures';
import { readProfile } from './profile';
import { registerAccount, resendVerificationCode, verifyAccount } from './registration';
import {
  type IdentityHarness,
  openIdentityHarness,
  uniqueEmail,
  uniqueOrigin,
} from '@tests/support/identity/identity-harness';

let harness: IdentityHarness;
beforeAll(async () => {
  harness = await openIdentityHarness();
});
afterAll(() => harness.close());

const mailsTo = (email: string) =>
  harness.smtp.messages.filter((mail) =>
    [mail.to].flat().some((to) => to?.text.toLowerCase().includes(email.toLowerCase())),
  );

async function registered(overrides: Record<string, unknown> = {}) {
  const email = uniqueEmail();
  const origin = uniqueOrigin();
  const outcome = await registerAccount(
    harness.ports,
    registrationBody({ email, ...overrides }),
    origin,
  );
  if (outcome.status !== 'VERIFICATION_CODE_REQUIRED') throw new Error(outcome.status);
  return { email, origin, userId: outcome.userId, outcome };
}

describe('registerAccount', () => {
  it('given a valid form in French, when registering, then an unverified account exists and an 8-character code is mailed in French', async () => {
    const { email, userId, outcome } = await registered({ language: 'fr-CA' });

    expect(outcome.resendAvailableAt).toBe(
      new Date(harness.clock.now().getTime() + 60_000).toISOString(),
    );
    const mail = await harness.smtp.waitFor(email);
    expect(mail.subject).toBe('Votre code de vérification du Portail des réclamations');
    expect(mail.text).toMatch(/^Code : [a-z2-9]{8}$/m);
    expect(await readProfile(harness.ports, userId)).toMatchObject({
      email,
      verified: false,
      language: 'fr',
      postalCode: 'H2X 1Y4',
      phone: '5145550100',
    });
  });

  it('given the mailed code typed in capitals, when verifying, then ACCOUNT_OK and the account is verified', async () => {
    const { email, userId, origin } = await registered();
    const code = await harness.codeFor(email);

    const outcome = await verifyAccount(
      harness.ports,
      userId,
      { verificationCode: code.toUpperCase() },
      origin,
    );

    expect(outcome).toEqual({ status: 'ACCOUNT_OK' });
    expect((await readProfile(harness.ports, userId)).verified).toBe(true);
  });

  it('given a form the browser would refuse, when sent to the server anyway, then every rule is checked and nothing is created or mailed', async () => {
    const email = uniqueEmail();
    const body = registrationBody({
      email,
      postalCode: '90210',
      dateOfBirth: '2010-06-01',
      reenterPassword: 'Other#Pass1',
      termsAccepted: false,
    });

    const error = await registerAccount(harness.ports, body, uniqueOrigin()).catch((e) => e);

    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).fieldErrors.map((e) => e.code)).toEqual([
      'dateOfBirth.underAge',
      'postalCode.invalid',
      'termsAccepted.required',
      'password.mismatch',
    ]);
    expect(await harness.ports.store.findAccountByEmail(email)).toBeUndefined();
    expect(mailsTo(email)).toEqual([]);
  });

  it('given an email with an account, when registering it again in other case with other details, then ACCOUNT_EXISTS and nothing is created, changed or mailed', async () => {
    const { email, userId } = await registered();
    await harness.codeFor(email);
    const before = await harness.ports.store.findAccountById(userId);
    harness.clock.advance(5);

    const outcome = await registerAccount(
      harness.ports,
      registrationBody({
        email: email.toUpperCase(),
        firstName: 'Mallory',
        password: 'Other#Pass1',
        reenterPassword: 'Other#Pass1',
      }),
      uniqueOrigin(),
    );

    expect(outcome).toEqual({ status: 'ACCOUNT_EXISTS' });
    expect(await harness.ports.store.findAccountById(userId)).toEqual(before);
    const { rows } = await harness.database.pool.query(
      'select count(*)::int as n from identity_accounts where email = $1',
      [email],
    );
    expect(rows[0].n).toBe(1);
    expect(mailsTo(email)).toHaveLength(1);
  });
});

describe('verifyAccount', () => {
  it('given a wrong code, when verifying, then INVALID_VALUE and the account stays unverified', async () => {
    const { email, userId, origin } = await registered();
    const code = await harness.codeFor(email);
    const wrong = code === 'abcdefgh' ? 'hgfedcba' : 'abcdefgh';

    expect(await verifyAccount(harness.ports, userId, { verificationCode: wrong }, origin)).toEqual(
      {
        status: 'INVALID_VALUE',
        code: 'WRONG_CODE',
      },
    );
    expect((await readProfile(harness.ports, userId)).verified).toBe(false);
  });

  it('given five wrong tries, when the right code comes, then the code is spent (CODE_EXPIRED)', async () => {
    const { email, userId, origin } = await registered();
    const code = await harness.codeFor(email);
    for (let i = 0; i < 5; i += 1) {
      await verifyAccount(harness.ports, userId, { verificationCode: 'zzzzzzzz' }, origin);
    }

    expect(await verifyAccount(harness.ports, userId, { verificationCode: code }, origin)).toEqual({
      status: 'INVALID_VALUE',
      code: 'CODE_EXPIRED',
    });
  });

  it('given a code older than its 30 minutes, when verifying, then CODE_EXPIRED; a resent code works', async () => {
    const { email, userId, origin } = await registered();
    const code = await harness.codeFor(email);
    harness.clock.advance(30 * 60);

    expect(await verifyAccount(harness.ports, userId, { verificationCode: code }, origin)).toEqual({
      status: 'INVALID_VALUE',
      code: 'CODE_EXPIRED',
    });
    await resendVerificationCode(harness.ports, userId, origin);
    const fresh = await harness.codeFor(email);
    expect(await verifyAccount(harness.ports, userId, { verificationCode: fresh }, origin)).toEqual(
      {
        status: 'ACCOUNT_OK',
      },
    );
  });

  it('given a user id with no account, when verifying, then NotFoundError', async () => {
    await expect(
      verifyAccount(harness.ports, 'not-a-user', { verificationCode: 'abcdefgh' }, uniqueOrigin()),
    ).rejects.toBeInstanceOf(NotFoundError);
  });
});

describe('resendVerificationCode', () => {
  it('given a code sent just now, when asking again before 60 s, then RESEND_COOLDOWN; at 60 s a new code replaces the old one', async () => {
    const { email, userId, origin } = await registered();
    const first = await harness.codeFor(email);
    harness.clock.advance(59);

    const early = await resendVerificationCode(harness.ports, userId, origin).catch((e) => e);
    expect(early).toBeInstanceOf(RateLimitedError);
    expect(early).toMatchObject({
      code: 'RATE_LIMITED',
      reason: 'RESEND_COOLDOWN',
      retryAfterSeconds: 1,
    });

    harness.clock.advance(1);
    const resent = await resendVerificationCode(harness.ports, userId, origin);
    expect(resent).toEqual({
      status: 'VERIFICATION_CODE_REQUIRED',
      resendAvailableAt: new Date(harness.clock.now().getTime() + 60_000).toISOString(),
    });
    const second = await harness.codeFor(email);
    expect(await verifyAccount(harness.ports, userId, { verificationCode: first }, origin)).toEqual(
      {
        status: 'INVALID_VALUE',
        code: 'WRONG_CODE',
      },
    );
    expect(
      await verifyAccount(harness.ports, userId, { verificationCode: second }, origin),
    ).toEqual({
      status: 'ACCOUNT_OK',
    });
  });

  it('given a verified account, when asking for a code, then ACCOUNT_OK and no mail', async () => {
    const { email, userId, origin } = await registered();
    await verifyAccount(
      harness.ports,
      userId,
      { verificationCode: await harness.codeFor(email) },
      origin,
    );
    harness.clock.advance(60);

    expect(await resendVerificationCode(harness.ports, userId, origin)).toEqual({
      status: 'ACCOUNT_OK',
    });
    expect(mailsTo(email)).toHaveLength(1);
  });
});
