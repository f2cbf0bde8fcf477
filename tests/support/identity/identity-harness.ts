import { randomInt, randomUUID } from 'node:crypto';
import type { Mailer } from '@contracts/mail';
import { registrationBody, VALID_PASSWORD } from '@contracts/identity/testing/identity-fixtures';
import { identityMigrations } from '@infra/identity/identity-migrations';
import { createPostgresIdentityStore } from '@infra/identity/postgres-identity-store';
import { createSmtpMailer } from '@infra/mail/smtp-mailer';
import { migrate } from '@infra/postgres/migrate';
import { type SmtpCapture, startSmtpCapture } from '@tests/support/smtp-capture';
import { createTestDatabase, type TestDatabase } from '@tests/support/test-database';
import type { Clock, IdentityPorts, RequestOrigin } from '@services/identity/ports';
import { registerAccount, verifyAccount } from '@services/identity/registration';
import { initiateSession, type NewCustomerSession } from '@services/identity/sessions';
import { checkPassword, checkSignInCode, startSignIn } from '@services/identity/sign-in';

/** The one pattern every test reads a mailed code with. */
const CODE_PATTERN = /Code ?: ([A-Za-z0-9]+)/;

interface ManualClock extends Clock {
  advance(seconds: number): void;
}

function manualClock(start: Date): ManualClock {
  let now = start.getTime();
  return {
    now: () => new Date(now),
    advance(seconds) {
      now += seconds * 1000;
    },
  };
}

/** Test support for the identity service: real Postgres, real SMTP, a clock the test moves. */
export interface IdentityHarness {
  readonly ports: IdentityPorts;
  readonly clock: ManualClock;
  readonly smtp: SmtpCapture;
  readonly database: TestDatabase;
  /** The next mailed code to `email`. */
  codeFor(email: string): Promise<string>;
  /** Ports with another mailer (same store and clock). */
  withMailer(mailer: Mailer): IdentityPorts;
  /** A new SMTP mailer to the captured server, for a test to wrap (slow, failing). */
  smtpMailer(): Mailer;
  close(): Promise<void>;
}

export async function openIdentityHarness(): Promise<IdentityHarness> {
  const database = await createTestDatabase();
  await migrate(database.pool, identityMigrations);
  const smtp = await startSmtpCapture();
  const mailer = createSmtpMailer({ url: smtp.url, from: 'claims@claims-portal.test' });
  const clock = manualClock(new Date('2026-03-02T15:00:00Z'));
  const store = createPostgresIdentityStore(database.pool);
  const ports: IdentityPorts = { store, mailer, clock };
  return {
    ports,
    clock,
    smtp,
    database,
    codeFor: (email) => smtp.codeFor(email, CODE_PATTERN),
    withMailer: (other) => ({ store, mailer: other, clock }),
    smtpMailer: () => createSmtpMailer({ url: smtp.url, from: 'claims@claims-portal.test' }),
    async close() {
      await mailer.close();
      await smtp.stop();
      await database.drop();
    },
  };
}

/** A fresh address per test, so tests share a database without meeting. */
export const uniqueEmail = (label = 'claimant') => `${label}-${randomUUID()}@example.test`;

/** A fresh address per test, so per-address limits never meet either. */
export const uniqueOrigin = (): RequestOrigin => ({
  ip: `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`,
});

export interface RegisteredCustomer {
  readonly email: string;
  readonly password: string;
  readonly userId: string;
  /** The code of the registration mail. */
  readonly registrationCode: string;
}

/** Registers through the service and reads the code from the mail; verified unless told not to. */
export async function registerCustomer(
  harness: IdentityHarness,
  {
    verified = true,
    overrides = {},
  }: { verified?: boolean; overrides?: Record<string, unknown> } = {},
): Promise<RegisteredCustomer> {
  const email = uniqueEmail();
  const origin = uniqueOrigin();
  const outcome = await registerAccount(
    harness.ports,
    registrationBody({ email, ...overrides }),
    origin,
  );
  if (outcome.status !== 'VERIFICATION_CODE_REQUIRED') throw new Error(outcome.status);
  const code = await harness.codeFor(email);
  if (verified)
    await verifyAccount(harness.ports, outcome.userId, { verificationCode: code }, origin);
  return { email, password: VALID_PASSWORD, userId: outcome.userId, registrationCode: code };
}

/** Password then mailed code: a COMPLETED flow's id. */
export async function completeSignIn(
  harness: IdentityHarness,
  customer: Pick<RegisteredCustomer, 'email' | 'password'>,
  origin: RequestOrigin = uniqueOrigin(),
): Promise<string> {
  const { flowId } = await startSignIn(harness.ports, origin);
  const checked = await checkPassword(harness.ports, flowId, customer, origin);
  if (checked.status !== 'OTP_REQUIRED') throw new Error(checked.status);
  const otp = await harness.codeFor(customer.email);
  const done = await checkSignInCode(harness.ports, flowId, { otp }, origin);
  if (done.status !== 'COMPLETED') throw new Error(done.status);
  return flowId;
}

export async function signedInSession(
  harness: IdentityHarness,
  customer: Pick<RegisteredCustomer, 'email' | 'password'>,
): Promise<NewCustomerSession> {
  return initiateSession(harness.ports, await completeSignIn(harness, customer));
}
