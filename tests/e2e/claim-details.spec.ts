import { expect, type Page, test } from '@playwright/test';
import { expectAccessible } from './support/accessibility';
import {
  registerVerifiedCustomer,
  signInThroughScreens,
  submitClaimThroughApi,
  uniqueEmail,
} from './support/customers';
import { pdfFile } from './support/documents';
import { amendAsStaff, eventCount, signInStaff } from './support/staff';

const submitClaim = (page: Page) =>
  submitClaimThroughApi(page, { policyNumber: `CD-${Date.now() % 1_000_000}` });

test('the details modal shows the claim; the letter staff uploaded downloads as its safe copy and is marked read once', async ({
  page,
  browser,
}) => {
  const email = uniqueEmail('details');
  await registerVerifiedCustomer(page, email, 'Marie');
  await signInThroughScreens(page, email, '/en/dashboard');
  const { submissionId, confirmationNumber } = await submitClaim(page);

  await page.goto('/en/dashboard');
  await page.getByRole('button', { name: `View details ${confirmationNumber}` }).click();
  let dialog = page.getByRole('dialog', { name: `Claim ${confirmationNumber}` });
  await expect(dialog).toBeVisible();
  await expect(
    dialog.getByRole('definition').filter({ hasText: confirmationNumber }),
  ).toBeVisible();
  await expect(dialog.getByText('Confirmation number')).toBeVisible();
  await expect(dialog.getByRole('heading', { name: 'We received your claim' })).toBeVisible();
  await expect(dialog.getByRole('definition').filter({ hasText: 'None' })).toBeVisible();
  await expect(dialog.getByRole('link', { name: /decision letter/ })).toHaveCount(0);
  await expect(
    dialog.getByText('You have not sent any documents for this claim yet.'),
  ).toBeVisible();
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();

  // Staff approve with a claim number, amounts, dates and a letter.
  const staff = await signInStaff(browser);
  const claimNumber = `D${Date.now() % 10_000_000}`;
  const letter = pdfFile(`Approval letter ${claimNumber}`);
  await amendAsStaff(staff, submissionId, {
    claimNumber,
    status: 'Approved',
    benefitAmount: '1250.50',
    firstPaymentDate: '2026-12-01',
    lastPaymentDate: '2027-05-31',
    decisionLetter: {
      name: 'approval.pdf',
      data: `data:application/pdf;base64,${letter.toString('base64')}`,
    },
  });

  await page.reload();
  const row = page.getByRole('row').filter({ hasText: claimNumber });
  await expect(row.getByRole('img', { name: 'New decision letter' })).toBeVisible();
  await row.getByRole('button', { name: `View details ${claimNumber}` }).click();
  dialog = page.getByRole('dialog', { name: `Claim ${claimNumber}` });
  await expect(dialog.getByText('Approved', { exact: true })).toBeVisible();
  await expect(dialog.getByText('$1,250.50')).toBeVisible();
  await expect(dialog.getByText('Please refer to your approval letter')).toBeVisible();
  await expect(dialog.getByRole('heading', { name: /received|pending|reviewed/ })).toHaveCount(0);
  await expectAccessible(page);

  const download = page.waitForEvent('download');
  await dialog.getByRole('link', { name: 'Download your decision letter (PDF)' }).click();
  const saved = await (await download).path();
  const { readFile } = await import('node:fs/promises');
  // The rendition (decision 127): an image-only PDF drawn from the letter, not its bytes.
  const copy = await readFile(saved);
  expect(copy.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  expect(copy.toString('latin1')).toMatch(/\/Subtype\s*\/Image/);
  expect(Buffer.compare(copy, letter)).not.toBe(0);
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(row.getByRole('img', { name: 'New decision letter' })).toHaveCount(0);

  // Read on the server too: gone after a reload, and a second download appends nothing.
  await expect.poll(() => eventCount(staff, submissionId, 'DecisionLetterRead')).toBe(1);
  await page.reload();
  await expect(page.getByRole('row').filter({ hasText: claimNumber }).getByRole('img')).toHaveCount(
    0,
  );
  await page.getByRole('button', { name: `View details ${claimNumber}` }).click();
  const again = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Download your decision letter (PDF)' }).click();
  await again;
  expect(await eventCount(staff, submissionId, 'DecisionLetterRead')).toBe(1);
  await staff.context().close();
});

test('the details modal in French at 390 px, by keyboard', async ({ page }) => {
  const email = uniqueEmail('details-fr');
  await registerVerifiedCustomer(page, email, 'Éloïse');
  await signInThroughScreens(page, email, '/en/dashboard');
  const { confirmationNumber } = await submitClaim(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/fr/dashboard');
  await page.getByRole('button', { name: `Voir les détails ${confirmationNumber}` }).focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: `Réclamation ${confirmationNumber}` });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText('Numéro de confirmation')).toBeVisible();
  await expect(
    dialog.getByRole('heading', { name: 'Nous avons reçu votre réclamation' }),
  ).toBeVisible();
  await expect(dialog.getByText('Date du premier paiement')).toBeVisible();
  await expectAccessible(page);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(
    page.getByRole('button', { name: `Voir les détails ${confirmationNumber}` }),
  ).toBeFocused();
});
