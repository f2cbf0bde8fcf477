import { expect, test } from '@playwright/test';
import {
  registerVerifiedCustomer,
  signInThroughScreens,
  submitClaimThroughApi,
  uniqueEmail,
} from './support/customers';
import { pdfFile } from './support/documents';
import { openHydrated } from './support/hydration';
import { signInStaff } from './support/staff';

/** Decision 054: names with direction controls are refused; other names are shown isolated. */
test('file names: a direction override is refused, a right-to-left name shows in <bdi> to the claimant and to staff', async ({
  page,
  browser,
}) => {
  const email = uniqueEmail('file-names');
  await registerVerifiedCustomer(page, email, 'Noor');
  await signInThroughScreens(page, email, '/en/dashboard');
  const { submissionId } = await submitClaimThroughApi(page, {
    policyNumber: `FN-${Date.now() % 1_000_000}`,
    productCode: '110',
    productType: 'Loans',
    claimType: 'Disability',
  });
  await openHydrated(page, `/en/claim/${submissionId}`);
  const picker = page.getByLabel('choose files');

  await picker.setInputFiles({
    name: 'invoice\u202Egnp.pdf',
    mimeType: 'application/pdf',
    buffer: pdfFile('override'),
  });
  await expect(page.getByRole('alert')).toHaveText(
    'The name of file "invoicegnp.pdf" contains invisible characters that change its reading direction. Please rename the file.',
  );

  const rtlName = 'تقرير طبي 2.pdf';
  await picker.setInputFiles({
    name: rtlName,
    mimeType: 'application/pdf',
    buffer: pdfFile('rtl'),
  });
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expect(page.locator('bdi', { hasText: rtlName }).first()).toBeVisible();
  await page.getByRole('button', { name: 'Submit' }).click();
  const held = page.getByRole('list').filter({ hasText: rtlName });
  await expect(held.locator('bdi', { hasText: rtlName })).toBeVisible();

  const staff = await signInStaff(browser);
  await openHydrated(staff, `/admin/claim?id=${submissionId}`);
  await expect(staff.locator('.admin-claim__documents bdi', { hasText: rtlName })).toBeVisible();
  await staff.context().close();
});
