import { type Browser, expect, type Page, test } from '@playwright/test';
import { registrationBody } from '@contracts/identity/testing/identity-fixtures';
import { codeMailedTo, outboxFiles, signInThroughScreens, uniqueEmail } from './support/customers';
import { openHydrated } from './support/hydration';
import { signInStaff } from './support/staff';

const PORT = Number(process.env.E2E_PORT ?? 4399);
const JUPITER = `http://jupiter.localhost:${PORT}`;
const BASE = `http://localhost:${PORT}`;

/** A JSON POST from inside the page: Node cannot resolve *.localhost, the browser can. */
function postFromPage(page: Page, path: string, data: unknown) {
  return page.evaluate(
    async ({ path, data }) => {
      const token = document.cookie.match(/csrf_token=([^;]+)/)?.[1] ?? '';
      const response = await fetch(path, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-csrf-token': token },
        body: JSON.stringify(data),
      });
      return { status: response.status, body: await response.text() };
    },
    { path, data },
  );
}

interface Claimant {
  readonly firstName: string;
  readonly lastName: string;
  readonly language: 'en' | 'cn';
}

/** Registers, verifies, signs in through the screens and submits a claim; its id and email. */
async function claimAs(browser: Browser, baseURL: string, who: Claimant) {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await page.goto(`/${who.language}/`);
  const email = uniqueEmail('script');
  const seen = await outboxFiles();
  const registered = await postFromPage(
    page,
    '/api/banktech/account_creation',
    registrationBody({ ...who, email }),
  );
  expect(registered.status, registered.body).toBe(201);
  const { userId } = JSON.parse(registered.body) as { userId: string };
  const code = await codeMailedTo(email, seen);
  const verified = await postFromPage(page, '/api/banktech/verify_user', {
    user_id: userId,
    verification_code: code,
  });
  expect(verified.status).toBe(200);
  await signInThroughScreens(page, email, '/en/dashboard');
  const claim = {
    policyNumber: 'NAME-1',
    productCode: '210',
    productType: 'Mortgage',
    claimType: 'Job Loss',
  };
  const submitted = await postFromPage(page, '/api/claims', claim);
  expect(submitted.status, submitted.body).toBe(201);
  await context.close();
  return {
    email,
    submissionId: (JSON.parse(submitted.body) as { submissionId: string }).submissionId,
  };
}

/** Playwright's text strings match in any case; a pattern matches as written. */
const asWritten = (text: string) => new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));

const resultRows = (staff: Page) =>
  staff
    .getByRole('table')
    .getByRole('row')
    .filter({ has: staff.getByRole('cell') });

test('on jupiter/cn, 王小明 and 伟 register, sign in and claim; staff see 王小明 exactly in search, on the claim page and in its history', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const wang = await claimAs(browser, JUPITER, {
    firstName: '王小明',
    lastName: '王',
    language: 'cn',
  });
  await claimAs(browser, JUPITER, { firstName: '伟', lastName: '李', language: 'cn' });

  const staff = await signInStaff(browser);
  await openHydrated(staff, `/admin/search?type=email&value=${encodeURIComponent(wang.email)}`);
  await expect(resultRows(staff).filter({ hasText: asWritten('王小明 王') })).toHaveCount(1);
  await staff.goto(`/admin/claim?id=${wang.submissionId}`);
  await expect(staff.getByText(asWritten(`王小明 王 · ${wang.email}`))).toBeVisible();
  await staff.getByRole('tab', { name: 'Claims History' }).click();
  await expect(staff.getByRole('tabpanel', { name: 'Claims History' })).toContainText(
    asWritten('王小明'),
  );
});

test('in English, "Marie-Ève O\'Neil" and "Nguyễn Văn An" are accepted and shown exactly; staff search finds "marie-eve"', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const marie = await claimAs(browser, BASE, {
    firstName: 'Marie-Ève',
    lastName: "O'Neil",
    language: 'en',
  });
  const an = await claimAs(browser, BASE, {
    firstName: 'Nguyễn Văn',
    lastName: 'An',
    language: 'en',
  });

  const staff = await signInStaff(browser);
  await openHydrated(staff, '/admin/dashboard');
  await staff.getByLabel('Search by').selectOption({ label: 'Name' });
  await staff.getByLabel('First name').fill('marie-eve');
  await staff.getByLabel('Last name').fill("o'neil");
  await staff.getByRole('button', { name: 'Search' }).click();
  await expect(
    resultRows(staff)
      .filter({ hasText: asWritten("Marie-Ève O'Neil") })
      .first(),
  ).toBeVisible();
  await staff.goto(`/admin/claim?id=${marie.submissionId}`);
  await expect(staff.getByText(asWritten(`Marie-Ève O'Neil · ${marie.email}`))).toBeVisible();
  await staff.goto(`/admin/claim?id=${an.submissionId}`);
  await expect(staff.getByText(asWritten(`Nguyễn Văn An · ${an.email}`))).toBeVisible();
});
