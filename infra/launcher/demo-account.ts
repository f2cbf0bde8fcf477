import { randomBytes } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Logger } from 'pino';
import { passwordRuleFailures } from '@contracts/identity/field-specs';
import { hashPassword } from '@services/identity/passwords';
import { DEMO_CUSTOMER } from '../demo/demo-customer';
import { createPostgresIdentityStore } from '../identity/postgres-identity-store';
import type { Runtime } from '../runtime';

const CREDENTIALS_FILE = 'demo-credentials.txt';

/** A random password that meets the portal's own rules. */
function demoPassword(): string {
  for (;;) {
    const candidate = `Demo#${randomBytes(8).toString('hex')}Z9`;
    if (passwordRuleFailures(candidate).length === 0) return candidate;
  }
}

/**
 * The demo customer as a verified account, so `npm start` can be signed in to. Its password is
 * random per data folder and written only to DATA_DIR/demo-credentials.txt (mode 0600): never to
 * the repository, never to the log.
 */
export async function ensureDemoAccount(
  runtime: Runtime,
  dataDir: string,
  log: Logger,
): Promise<void> {
  const store = createPostgresIdentityStore(runtime.pool);
  if (await store.findAccountByEmail(DEMO_CUSTOMER.email)) return;
  const password = demoPassword();
  const now = new Date();
  const created = await store.createAccount({
    id: DEMO_CUSTOMER.customerId,
    email: DEMO_CUSTOMER.email,
    passwordHash: await hashPassword(password),
    firstName: DEMO_CUSTOMER.firstName,
    lastName: DEMO_CUSTOMER.lastName,
    financialInstitution: 'Demo Credit Union',
    dateOfBirth: DEMO_CUSTOMER.dateOfBirth,
    addressLine1: '123 rue Principale',
    addressLine2: '',
    city: 'Montréal',
    province: 'QC',
    postalCode: 'H2X 1Y4',
    country: 'Canada',
    phone: '5145550123',
    language: 'fr',
    createdAt: now,
  });
  if (created === 'exists') return;
  await store.markAccountVerified(DEMO_CUSTOMER.customerId, now);
  const file = join(dataDir, CREDENTIALS_FILE);
  await writeFile(file, `email: ${DEMO_CUSTOMER.email}\npassword: ${password}\n`, { mode: 0o600 });
  log.info({ file }, 'demo customer account created; its credentials are in this file');
}
