import { readFile } from 'node:fs/promises';
import { expect, type Page, test } from '@playwright/test';
import { expectAccessible } from './support/accessibility';
import {
  registerVerifiedCustomer,
  signedInCustomer,
  signInThroughScreens,
  submitClaimThroughApi,
  uniqueEmail,
} from './support/customers';
import { pdfFile } from './support/documents';
import { amendAsStaff, endStaffSessionsIn, signInStaff } from './support/staff';
import { openHydrated } from './support/hydration';

/** A first name no other test uses, in letters only (the name search takes letters). */
const uniqueName = (prefix: string) =>
  prefix + [...String(Date.now() % 1e8)].map((digit) => 'abcdefghij'[Number(digit)]).join('');

async function search(staff: Page, type: string, fill: (page: Page) => Promise<unknown>) {
  await openHydrated(staff, '/admin/dashboard');
  await staff.getByLabel('Search by').selectOption({ label: type });
  await fill(staff);
  await staff.getByRole('button', { name: 'Search' }).click();
  await expect(staff).toHaveURL(/\/admin\/search\?/);
}

const resultRows = (staff: Page) =>
  staff
    .getByRole('table')
    .getByRole('row')
    .filter({ has: staff.getByRole('cell') });

test('staff search by each of the 7 types, page through results, edit a claim with a letter, read its history and audit; the customer gets the letter', async ({
  page: customer,
  browser,
}) => {
  test.setTimeout(120_000);
  const email = uniqueEmail('staff-journey');
  const firstName = uniqueName('Staff');
  await registerVerifiedCustomer(customer, email, firstName);
  await signInThroughScreens(customer, email, '/en/dashboard');
  const claims = [];
  for (let index = 0; index < 11; index += 1) claims.push(await submitClaimThroughApi(customer));
  const target = claims[0] as { submissionId: string; confirmationNumber: string };

  const staff = await signInStaff(browser);
  await expect(staff.getByRole('heading', { name: 'Search claims', level: 1 })).toBeVisible();
  await expectAccessible(staff);

  // Email: 11 claims, so two pages; the URL carries the page, so Back returns to it.
  await search(staff, 'Email', (page) =>
    page.getByLabel('Email').fill(`  ${email.toUpperCase()} `),
  );
  await expect(staff).toHaveURL(
    new RegExp(`value=${encodeURIComponent(email).replace('.', '\\.')}`),
  );
  await expect(resultRows(staff)).toHaveCount(10);
  await expectAccessible(staff);
  const pages = staff.getByRole('navigation', { name: 'Result pages' });
  await pages.getByRole('link', { name: 'Next' }).click();
  await expect(staff).toHaveURL(/page=2/);
  await expect(resultRows(staff)).toHaveCount(1);
  await expect(pages.getByRole('link', { name: 'Next' })).toHaveCount(0);
  await pages.getByRole('link', { name: 'Previous' }).click();
  await expect(resultRows(staff)).toHaveCount(10);
  await staff.goBack();
  await expect(staff).toHaveURL(/page=2/);
  await expect(resultRows(staff)).toHaveCount(1);

  // Confirmation number, name, user id, claim type and status.
  await search(staff, 'Confirmation number', (page) =>
    page.getByLabel('Confirmation number').fill(target.confirmationNumber.toLowerCase()),
  );
  await expect(resultRows(staff)).toHaveCount(1);
  await search(staff, 'Name', async (page) => {
    await page.getByLabel('First name').fill(firstName);
    await page.getByLabel('Last name').fill("o'brien");
  });
  await expect(resultRows(staff)).toHaveCount(10);
  const found = await staff.request.get(
    `/api/admin/claims/search?type=email&value=${encodeURIComponent(email)}`,
  );
  const { rows } = (await found.json()) as { rows: { userId: string }[] };
  await search(staff, 'User ID', (page) => page.getByLabel('User ID').fill(rows[0]?.userId ?? ''));
  await expect(resultRows(staff)).toHaveCount(10);
  await search(staff, 'Claim type', (page) =>
    page.getByLabel('Claim type', { exact: true }).selectOption({ label: 'Job Loss' }),
  );
  await expect(resultRows(staff).first()).toBeVisible();
  await search(staff, 'Claim status', (page) =>
    page.getByLabel('Claim status', { exact: true }).selectOption({ label: 'Submitted' }),
  );
  await expect(resultRows(staff).first()).toBeVisible();

  // Open the claim from its confirmation number and approve it with a letter.
  await search(staff, 'Confirmation number', (page) =>
    page.getByLabel('Confirmation number').fill(target.confirmationNumber),
  );
  await staff.getByRole('link', { name: `View claim ${target.confirmationNumber}` }).click();
  await expect(staff).toHaveURL(new RegExp(`/admin/claim\\?id=${target.submissionId}`));
  await expect(staff.getByRole('tab', { name: 'Claim Details' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await expectAccessible(staff);
  const save = staff.getByRole('button', { name: 'Save' });
  await expect(save).toBeDisabled();
  const claimNumber = `J${Date.now() % 10_000_000}`;
  await staff.getByLabel('Claim number').fill(claimNumber);
  await staff.getByLabel('Benefit amount').fill('1250.5');
  await staff.getByLabel('Initial payment date').fill('2026-12-01');
  await staff.getByLabel('Benefits approved to date').fill('2027-05-31');
  await staff.getByLabel('Status').selectOption('Approved');
  await staff.getByRole('checkbox', { name: 'File sent to Medical Department' }).check();
  const letter = pdfFile(`Approval letter ${claimNumber}`);
  await staff
    .getByLabel('Choose a PDF')
    .setInputFiles({ name: 'approval.pdf', mimeType: 'application/pdf', buffer: letter });
  await expect(staff.getByText('Chosen: approval.pdf')).toBeVisible();
  await expectAccessible(staff);
  await save.click();
  await expect(
    staff.getByRole('status').getByText('Your changes were successfully saved'),
  ).toBeVisible();
  await expect(save).toBeDisabled();
  await expect(staff.getByRole('heading', { name: `Claim ${claimNumber}` })).toBeVisible();
  await expect(staff.getByText('Current letter: approval.pdf')).toBeVisible();
  const viewer = staff.waitForEvent('popup');
  await staff.getByRole('button', { name: 'View current letter' }).click();
  const letterTab = await viewer;
  await expect.poll(() => letterTab.url()).toMatch(/^blob:http/);
  await letterTab.close();

  // History: a second version whose changed cells are marked.
  await staff.getByRole('tab', { name: 'Claims History' }).click();
  await expect(staff).toHaveURL(/tab=1/);
  const history = staff.getByRole('tabpanel', { name: 'Claims History' });
  const newest = history.getByRole('row').filter({ hasText: claimNumber });
  await expect(newest).toHaveCount(1);
  await expect(newest.getByRole('cell').first()).toHaveText(/^[23]/);
  await expect(
    newest.getByRole('cell', { name: `${claimNumber} (changed in this version)` }),
  ).toBeVisible();
  await expect(
    newest.getByRole('cell', { name: 'Approved (changed in this version)' }),
  ).toBeVisible();
  await history.getByRole('button', { name: /^Version/ }).click();
  await expect(history.getByRole('row').nth(1).getByRole('cell').first()).toHaveText('1');
  await expectAccessible(staff);

  // Audit: the events, who made them, and a chain that verifies.
  await staff.getByRole('tab', { name: 'Audit' }).click();
  await expect(staff).toHaveURL(/tab=2/);
  const audit = staff.getByRole('tabpanel', { name: 'Audit' });
  await expect(
    audit.getByText(/^Hash chain verified: \d+ event\(s\), none altered\.$/),
  ).toBeVisible();
  await expect(audit.getByText('Decision letter uploaded')).toBeVisible();
  await expect(audit.getByText('Claim changed by staff').first()).toBeVisible();
  await expect(audit.getByText(/claire\.tremblay@/).first()).toBeVisible();
  await audit.getByLabel('Date and time (your time zone)').fill('2000-01-01T00:00:00');
  await audit.getByRole('button', { name: 'Show' }).click();
  await expect(audit.getByText('The claim did not exist yet at that time.')).toBeVisible();
  await expectAccessible(staff);

  // The claim number finds it now: the seventh search type.
  await search(staff, 'Claim number', (page) =>
    page.getByLabel('Claim number').fill(claimNumber.toLowerCase()),
  );
  await expect(resultRows(staff)).toHaveCount(1);
  await expect(resultRows(staff).first()).toContainText('Approved');

  // The customer sees the red dot and downloads the very bytes staff uploaded.
  await customer.goto('/en/dashboard');
  // Ten newer claims wait for a number and come first; claim numbers upwards put it on top.
  await customer.getByRole('button', { name: /^Claim number/ }).click();
  const row = customer.getByRole('row').filter({ hasText: claimNumber });
  await expect(row.getByRole('img', { name: 'New decision letter' })).toBeVisible();
  await row.getByRole('button', { name: `View details ${claimNumber}` }).click();
  const download = customer.waitForEvent('download');
  await customer.getByRole('link', { name: 'Download your decision letter (PDF)' }).click();
  // Its safe copy (decision 127): an image-only PDF drawn from the letter staff uploaded.
  const copy = await readFile(await (await download).path());
  expect(copy.toString('latin1')).toMatch(/^%PDF-[\s\S]*\/Subtype\s*\/Image/);
  expect(Buffer.compare(copy, letter)).not.toBe(0);
  await customer.getByRole('button', { name: 'Close' }).click();
  await expect(row.getByRole('img', { name: 'New decision letter' })).toHaveCount(0);
  await staff.context().close();
});

test('Save is enabled only by a real change or a chosen letter, and leaving with unsaved changes asks first', async ({
  page: customer,
  browser,
}) => {
  await signedInCustomer(customer, 'staff-guard', 'Guard');
  const { submissionId } = await submitClaimThroughApi(customer);
  const staff = await signInStaff(browser);
  await openHydrated(staff, `/admin/claim?id=${submissionId}`);
  const save = staff.getByRole('button', { name: 'Save' });
  const amount = staff.getByLabel('Benefit amount');
  await expect(save).toBeDisabled();
  await amount.fill('12.5');
  await expect(save).toBeEnabled();
  await amount.fill('0');
  await expect(save).toBeDisabled();
  await amount.pressSequentially('x-1');
  await expect(amount).toHaveValue('01');
  await staff
    .getByLabel('Choose a PDF')
    .setInputFiles({ name: 'l.pdf', mimeType: 'application/pdf', buffer: pdfFile('l') });
  await expect(save).toBeEnabled();
  await staff.getByRole('button', { name: 'Remove chosen file' }).click();
  await amount.fill('0');
  await expect(save).toBeDisabled();

  await staff.getByLabel('Status').selectOption('Denied');
  await staff.getByRole('link', { name: 'Search claims' }).click();
  const question = staff.getByRole('dialog', { name: 'Unsaved changes' });
  await expect(question).toContainText('You have unsaved changes. Are you sure you want to leave?');
  await expectAccessible(staff);
  await question.getByRole('button', { name: 'Stay' }).click();
  await expect(staff).toHaveURL(/\/admin\/claim\?/);
  await expect(staff.getByLabel('Status')).toHaveValue('Denied');

  await staff.getByRole('button', { name: 'Back' }).click();
  await question.getByRole('button', { name: 'Leave' }).click();
  await expect(staff).toHaveURL(/\/admin\/dashboard$/);

  // The browser's own leave: closing the tab with a change pending raises beforeunload.
  await openHydrated(staff, `/admin/claim?id=${submissionId}`);
  await staff.getByLabel('Claim number').fill('ZZ1');
  const prompt = new Promise<string>((resolve) =>
    staff.once('dialog', (dialog) => {
      resolve(dialog.type());
      void dialog.accept();
    }),
  );
  await staff.close({ runBeforeUnload: true });
  expect(await prompt).toBe('beforeunload');
  await browser.contexts().at(-1)?.close();
});

test('a claim number another claim holds is marked on its field (409)', async ({
  page: customer,
  browser,
}) => {
  await signedInCustomer(customer, 'staff-409', 'Dup');
  const first = await submitClaimThroughApi(customer);
  const second = await submitClaimThroughApi(customer);
  const staff = await signInStaff(browser);
  const taken = `T${Date.now() % 10_000_000}`;
  await amendAsStaff(staff, first.submissionId, { claimNumber: taken, status: 'Pending' });

  await openHydrated(staff, `/admin/claim?id=${second.submissionId}`);
  await staff.getByLabel('Claim number').fill(taken.toLowerCase());
  const save = staff.getByRole('button', { name: 'Save' });
  await save.click();
  await expect(staff.getByRole('alert').getByText('Claim number already exists')).toBeVisible();
  await expect(staff.getByLabel('Claim number')).toHaveAttribute('aria-invalid', 'true');
  await expect(staff.getByLabel('Claim number')).toHaveAccessibleDescription(
    /Claim number already exists/,
  );
  await expect(save).toBeEnabled();
  await staff.context().close();
});

test('staff pages need a staff session; customer pages never open with one; admin paths redirect', async ({
  page: customer,
  browser,
}) => {
  const email = uniqueEmail('staff-access');
  await registerVerifiedCustomer(customer, email, 'Access');
  await signInThroughScreens(customer, email, '/en/dashboard');
  for (const path of [
    '/admin/dashboard',
    '/admin/search?type=email&value=a@b.c',
    '/admin/claim?id=x',
  ]) {
    const answer = await customer.request.get(path, { maxRedirects: 0 });
    expect(answer.status(), path).toBe(302);
    expect(answer.headers().location).toBe('/api/auth/init');
  }
  expect(
    (await customer.request.get('/api/admin/claims/search?type=status&value=pending')).status(),
  ).toBe(401);

  const staff = await signInStaff(browser);
  await staff.goto('/en/dashboard');
  await expect(staff).toHaveURL(/\/en\/(\?.*)?$/);
  expect((await staff.request.get('/api/claims')).status()).toBe(401);
  for (const [path, target] of [
    ['/admin', '/admin/dashboard'],
    ['/admin/', '/admin/dashboard'],
    ['/admin/en', '/admin/dashboard'],
    ['/admin/nowhere/at/all', '/admin/dashboard'],
  ] as const) {
    const answer = await staff.request.get(path, { maxRedirects: 0 });
    expect(answer.headers().location, path).toBe(target);
  }
  for (const code of ['404', '403', '500']) {
    await customer.goto(`/admin/error/${code}`);
    await expect(customer.getByText(`Error ${code}`)).toBeVisible();
    await expectAccessible(customer);
  }
  await staff.goto('/admin/claim?id=018f3a10-0000-7000-8000-00000000dead');
  await expect(staff.getByRole('alert')).toHaveText('No claim has this id.');
  await staff.goto('/admin/search?type=email&value=nobody-at-all@example.test');
  await expect(staff.getByText('No results found')).toBeVisible();
  await expectAccessible(staff);
  await staff.goto('/admin/search?type=name');
  await expect(staff.getByText('Please enter at least a first or last name')).toBeVisible();
  await staff.getByRole('link', { name: 'Sign out' }).click();
  await expect(staff).toHaveURL(/\/en\/$/);
  const after = await staff.request.get('/admin/dashboard', { maxRedirects: 0 });
  expect(after.headers().location).toBe('/api/auth/init');
  await staff.context().close();
});

test('the staff screens by keyboard at 390 px', async ({ page: customer, browser }) => {
  await signedInCustomer(customer, 'staff-keys', 'Keys');
  const { confirmationNumber } = await submitClaimThroughApi(customer);
  const staff = await signInStaff(browser);
  await staff.setViewportSize({ width: 390, height: 844 });
  await openHydrated(staff, '/admin/dashboard');
  await staff.getByLabel('Search by').focus();
  await staff.getByLabel('Search by').selectOption('confirmationNumber');
  await staff.keyboard.press('Tab');
  await staff.keyboard.type(confirmationNumber);
  await staff.keyboard.press('Enter');
  await expect(resultRows(staff)).toHaveCount(1);
  await expectAccessible(staff);
  await staff.getByRole('link', { name: `View claim ${confirmationNumber}` }).focus();
  await staff.keyboard.press('Enter');
  const details = staff.getByRole('tab', { name: 'Claim Details' });
  await details.focus();
  await staff.keyboard.press('ArrowRight');
  await expect(staff.getByRole('tab', { name: 'Claims History' })).toBeFocused();
  await expect(staff.getByRole('tabpanel', { name: 'Claims History' })).toBeVisible();
  await staff.keyboard.press('End');
  await expect(staff.getByRole('tabpanel', { name: 'Audit' })).toBeVisible();
  await expectAccessible(staff);
  const scrollWidth = await staff.evaluate(() => document.documentElement.scrollWidth);
  expect(scrollWidth).toBeLessThanOrEqual(390);
  await staff.context().close();
});

test('the 4-hour staff session warns in its last 10 minutes and signs out when it ends', async ({
  browser,
}) => {
  const staff = await signInStaff(browser, 'Marc Gagnon');
  await endStaffSessionsIn('marc.gagnon@claims-portal.local', 5 * 60);
  await staff.reload();
  const warning = staff.getByRole('dialog', { name: 'Your session is ending' });
  await expect(warning).toContainText('Yours ends in 5 min');
  await expectAccessible(staff);
  await warning.getByRole('button', { name: 'Continue working' }).click();
  await expect(warning).toBeHidden();

  await endStaffSessionsIn('marc.gagnon@claims-portal.local', 3);
  await staff.reload();
  await expect(staff).toHaveURL(/\/en\/$/, { timeout: 15_000 });
  const after = await staff.request.get('/admin/dashboard', { maxRedirects: 0 });
  expect(after.headers().location).toBe('/api/auth/init');
  await staff.context().close();
});
