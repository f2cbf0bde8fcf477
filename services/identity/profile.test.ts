import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NotFoundError, ValidationError } from '@contracts/errors';
import { profileUpdateBody } from '@contracts/identity/testing/identity-fixtures';
import { changePassword, readProfile, updateProfile } from './profile';
import { createSession, lookupSession } from './sessions';
import { checkPassword, startSignIn } from './sign-in';
import {
  completeSignIn,
  type IdentityHarness,
  openIdentityHarness,
  registerCustomer,
  uniqueOrigin,
} from '@tests/support/identity/identity-harness';

let harness: IdentityHarness;
beforeAll(async () => {
  harness = await openIdentityHarness();
});
afterAll(() => harness.close());

const NEW_PASSWORD = 'Brand#New42';

describe('profile', () => {
  it('given a customer, when the profile is read, then every field the spec lists', async () => {
    const customer = await registerCustomer(harness);

    expect(await readProfile(harness.ports, customer.userId)).toEqual({
      id: customer.userId,
      email: customer.email,
      firstName: 'Marie-Ève',
      lastName: "O'Brien",
      dateOfBirth: '1980-04-02',
      financialInstitution: 'Banque Exemple',
      addressLine1: '123 rue Principale',
      addressLine2: 'App. 4',
      city: 'Montréal',
      province: 'QC',
      postalCode: 'H2X 1Y4',
      country: 'Canada',
      phone: '5145550100',
      language: 'en',
      verified: true,
    });
  });

  it('given an id that is no account, or no UUID at all, when the profile is read, then NotFoundError', async () => {
    const { userId } = await registerCustomer(harness);
    const unverified = await registerCustomer(harness, { verified: false });
    expect(await readProfile(harness.ports, unverified.userId)).toMatchObject({ verified: false });
    for (const id of [
      '00000000-0000-7000-8000-000000000000',
      'not-a-uuid',
      `${userId}0`,
      `0${userId}`,
    ]) {
      await expect(readProfile(harness.ports, id)).rejects.toThrow(
        new NotFoundError('No such account'),
      );
    }
  });

  it('given a crafted update that also sends names and financial institution, when saved, then only the updatable fields change', async () => {
    const customer = await registerCustomer(harness);
    const crafted = profileUpdateBody({
      firstName: 'Mallory',
      lastName: 'Intruder',
      financialInstitution: 'Other Bank',
      email: 'mallory@example.test',
      addressLine1: 'x'.repeat(80),
      language: 'fr-CA',
    });

    const updated = await updateProfile(harness.ports, customer.userId, crafted);

    expect(updated).toMatchObject({
      firstName: 'Marie-Ève',
      lastName: "O'Brien",
      financialInstitution: 'Banque Exemple',
      email: customer.email,
      addressLine1: 'x'.repeat(80),
      addressLine2: '',
      city: 'Québec',
      postalCode: 'G1R 4P5',
      phone: '14185550199',
      language: 'fr',
    });
    expect(await readProfile(harness.ports, customer.userId)).toEqual(updated);
  });

  it('given an update breaking a rule, when saved, then a ValidationError and nothing changes', async () => {
    const customer = await registerCustomer(harness);
    const before = await readProfile(harness.ports, customer.userId);

    const error = await updateProfile(
      harness.ports,
      customer.userId,
      profileUpdateBody({ province: 'ZZ', city: '' }),
    ).catch((e) => e);

    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).fieldErrors.map((e) => e.code)).toEqual([
      'city.required',
      'province.invalidChoice',
    ]);
    expect(await readProfile(harness.ports, customer.userId)).toEqual(before);
  });
});

describe('password change', () => {
  const change = (currentPassword: string, newPassword = NEW_PASSWORD) => ({
    currentPassword,
    newPassword,
    confirmPassword: newPassword,
  });

  it('given a wrong current password, when changing, then currentPassword.incorrect and the password stays', async () => {
    const customer = await registerCustomer(harness);

    const error = await changePassword(harness.ports, customer.userId, change('Wrong#Pass1')).catch(
      (e) => e,
    );

    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).fieldErrors).toEqual([
      { field: 'currentPassword', code: 'currentPassword.incorrect' },
    ]);
    await completeSignIn(harness, customer);
  });

  it('given a new password breaking the rules, when changing, then the rule is reported', async () => {
    const customer = await registerCustomer(harness);
    const error = await changePassword(
      harness.ports,
      customer.userId,
      change(customer.password, 'Abbb#12345'),
    ).catch((e) => e);
    expect((error as ValidationError).fieldErrors).toEqual([
      { field: 'newPassword', code: 'password.repeatedCharacters' },
    ]);
  });

  it('given the right current password, when changing, then every session of that user ends, others stay, the owner is told, and only the new password signs in', async () => {
    const customer = await registerCustomer(harness);
    const other = await registerCustomer(harness);
    const sessions = [
      await createSession(harness.ports, customer.userId),
      await createSession(harness.ports, customer.userId),
    ];
    const othersSession = await createSession(harness.ports, other.userId);

    expect(await changePassword(harness.ports, customer.userId, change(customer.password))).toEqual(
      {
        endedSessions: 2,
      },
    );

    for (const session of sessions) {
      expect(await lookupSession(harness.ports, session.sessionId)).toBeUndefined();
    }
    expect(await lookupSession(harness.ports, othersSession.sessionId)).toBeDefined();
    const mail = await harness.smtp.waitFor(customer.email);
    expect(mail.subject).toBe('Your Claims portal password was changed');
    const origin = uniqueOrigin();
    const { flowId } = await startSignIn(harness.ports, origin);
    expect((await checkPassword(harness.ports, flowId, customer, origin)).status).toBe(
      'INVALID_CREDENTIALS',
    );
    await completeSignIn(harness, { email: customer.email, password: NEW_PASSWORD });
  });
});
