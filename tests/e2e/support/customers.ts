import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, type Page } from '@playwright/test';
import { simpleParser } from 'mailparser';
import { registrationBody, VALID_PASSWORD } from '@contracts/identity/testing/identity-fixtures';
import { islandsHydrated, openHydrated } from './hydration';

/** Where the e2e portal (playwright.config.ts) writes its mail. */
const OUTBOX = '.test-results/e2e-data/mail';
const CODE = /Code ?: ([A-Za-z0-9]+)/;

export const uniqueEmail = (label: string) =>
  `e2e.${label}.${Date.now()}.${Math.random().toString(36).slice(2, 8)}@example.test`;

export async function outboxFiles(): Promise<string[]> {
  try {
    return (await readdir(OUTBOX)).filter((name) => name.endsWith('.eml')).sort();
  } catch {
    return [];
  }
}

/**
 * The code of the newest mail to `email` that was not in `seen` (mail is sent in the
 * background, so it is waited for). File names sort by time.
 */
export async function codeMailedTo(email: string, seen: readonly string[]): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(
      async () => {
        const fresh = (await outboxFiles()).filter((name) => !seen.includes(name)).reverse();
        for (const name of fresh) {
          const mail = await simpleParser(await readFile(join(OUTBOX, name)));
          const recipients = [mail.to ?? []].flat().map((to) => to.text.toLowerCase());
          if (!recipients.some((to) => to.includes(email.toLowerCase()))) continue;
          code = CODE.exec(mail.text ?? '')?.[1];
          if (code) return true;
        }
        return false;
      },
      { message: `a code mailed to ${email}`, timeout: 15_000 },
    )
    .toBe(true);
  return code as string;
}

export async function csrfToken(page: Page): Promise<string> {
  const cookie = (await page.context().cookies()).find(({ name }) => name === 'csrf_token');
  if (!cookie) throw new Error('no csrf_token cookie: open a page first');
  return cookie.value;
}

/** Registers and verifies a customer through the API, as the registration screens would. */
export async function registerVerifiedCustomer(page: Page, email: string, firstName: string) {
  await page.goto('/en/');
  const headers = { 'x-csrf-token': await csrfToken(page) };
  const seen = await outboxFiles();
  const registered = await page.request.post('/api/banktech/account_creation', {
    headers,
    data: registrationBody({ email, firstName }),
  });
  expect(registered.status()).toBe(201);
  const { status, userId } = await registered.json();
  expect(status).toBe('VERIFICATION_CODE_REQUIRED');

  const verificationCode = await codeMailedTo(email, seen);
  const verified = await page.request.post('/api/banktech/verify_user', {
    headers,
    data: { user_id: userId, verification_code: verificationCode },
  });
  expect(verified.status()).toBe(200);
  expect((await verified.json()).status).toBe('ACCOUNT_OK');
}

/** Signs in through the screens: password on the home page, then the mailed code. */
export async function signInThroughScreens(page: Page, email: string, next: string) {
  await openHydrated(page, `/en/?next=${encodeURIComponent(next)}`);
  const seen = await outboxFiles();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(VALID_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/en\/mfa$/);
  await islandsHydrated(page);
  await page.getByLabel('Verification code').fill(await codeMailedTo(email, seen));
  await expect(page).toHaveURL(new URL(next, page.url()).href);
}

/** A new customer, registered, verified and signed in on the dashboard: their address. */
export async function signedInCustomer(page: Page, label: string, firstName = 'Marie') {
  const email = uniqueEmail(label);
  await registerVerifiedCustomer(page, email, firstName);
  await signInThroughScreens(page, email, '/en/dashboard');
  return email;
}

/** Submits a claim for the signed-in customer through the API (no files), as a test's setup. */
export async function submitClaimThroughApi(
  page: Page,
  claim: Record<string, unknown> = {},
): Promise<{ submissionId: string; confirmationNumber: string }> {
  const answer = await page.request.post('/api/claims', {
    headers: { 'x-csrf-token': await csrfToken(page) },
    data: {
      policyNumber: `API-${Date.now() % 1_000_000}`,
      productCode: '210',
      productType: 'Mortgage',
      claimType: 'Job Loss',
      documents: [],
      ...claim,
    },
  });
  expect(answer.status()).toBe(201);
  return answer.json();
}

/**
 * The dashboard's claims, a table row or a card: the table turns into cards where its columns
 * do not fit (French labels, phones).
 */
export const claimEntries = (page: Page) => {
  // Once the dashboard has measured and chosen its layout, that is, once it is hydrated.
  const list = page.locator('.table-scroll:not([data-layout="undecided"])');
  return list.getByRole('row').or(list.locator('.claim-card'));
};
