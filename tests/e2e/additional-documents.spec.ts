import { expect, type Page, test } from '@playwright/test';
import {
  csrfToken,
  registerVerifiedCustomer,
  signInThroughScreens,
  submitClaimThroughApi,
  uniqueEmail,
} from './support/customers';
import { expectAccessible } from './support/accessibility';
import { jpegFile, pdfFile, pngFile } from './support/documents';

const submitClaimFor = async (page: Page) =>
  (
    await submitClaimThroughApi(page, {
      policyNumber: `AD-${Date.now() % 1_000_000}`,
      productCode: '110',
      productType: 'Loans',
      claimType: 'Disability',
    })
  ).submissionId;

const documentCount = async (page: Page, submissionId: string) =>
  (await (await page.request.get(`/api/claims/${submissionId}`)).json()).documentCount;

test('a claimant adds documents to a claim in the browser: checked before upload, removed with confirmation, sent and listed', async ({
  page,
  browser,
}) => {
  const email = uniqueEmail('documents');
  await registerVerifiedCustomer(page, email, 'Marie');
  await signInThroughScreens(page, email, '/en/dashboard');
  const submissionId = await submitClaimFor(page);
  await page.setViewportSize({ width: 390, height: 900 });
  await page.goto(`/en/claim/${submissionId}`);
  await expect(page.getByText('You have not sent any documents for this claim yet.')).toBeVisible();
  await expect(
    page.getByText(/PDF, JPG, JPEG or PNG\. Up to 10 additional documents/),
  ).toBeVisible();

  const picker = page.getByLabel('choose files');
  await picker.setInputFiles({
    name: 'notes.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('not really a PDF, just text'),
  });
  await expect(page.getByRole('alert')).toHaveText(
    'File "notes.pdf" is not a supported file type. Only PDF, JPG, and PNG files are allowed.',
  );
  await expect(page.getByRole('heading', { name: 'Files to send' })).toHaveCount(0);

  await picker.setInputFiles([
    {
      name: 'attending-physician.pdf',
      mimeType: 'application/pdf',
      buffer: pdfFile('Physician statement'),
    },
    { name: 'relevé d’emploi.jpg', mimeType: 'image/jpeg', buffer: await jpegFile(page, 320, 200) },
    { name: 'receipt.png', mimeType: 'image/png', buffer: pngFile(60, 40) },
  ]);
  await expect(page.getByRole('alert')).toHaveCount(0);
  const chosen = page.getByRole('list').filter({ hasText: 'attending-physician.pdf' });
  await expect(chosen.getByRole('listitem')).toHaveCount(3);
  await expectAccessible(page);

  // By keyboard: Remove opens the question with focus on the safe answer; Escape keeps the file.
  await page.getByRole('button', { name: 'Remove receipt.png' }).focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Remove this file?' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Keep it' })).toBeFocused();
  await expectAccessible(page);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(chosen.getByRole('listitem')).toHaveCount(3);
  await page.getByRole('button', { name: 'Remove receipt.png' }).click();
  await dialog.getByRole('button', { name: 'Remove' }).click();
  await expect(chosen.getByRole('listitem')).toHaveCount(2);

  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByRole('status')).toHaveText(
    'Thank you. We received: attending-physician.pdf, relevé d’emploi.jpg.',
  );
  const sent = page.getByRole('list').filter({ hasText: 'relevé d’emploi.jpg' });
  await expect(page.getByRole('heading', { name: 'Documents you sent' })).toBeVisible();
  await expect(sent.getByRole('listitem')).toHaveCount(2);
  expect(await documentCount(page, submissionId)).toBe(2);

  // Sending the same name again is refused in the browser, as the server would.
  await picker.setInputFiles({
    name: 'attending-physician.pdf',
    mimeType: 'application/pdf',
    buffer: pdfFile('again'),
  });
  await expect(page.getByRole('alert')).toContainText(
    'This file already exists: "attending-physician.pdf"',
  );

  await page.goto(`/fr/claim/${submissionId}`);
  await expect(page.getByRole('heading', { name: 'Documents envoyés' })).toBeVisible();
  await expect(
    page.getByText(/PDF, JPG, JPEG ou PNG\. Jusqu’à 10 documents supplémentaires/),
  ).toBeVisible();
  await expectAccessible(page);

  // Another claimant can neither see the claim nor add to it, and nothing changes.
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  const stranger = uniqueEmail('documents-other');
  await registerVerifiedCustomer(otherPage, stranger, 'Paul');
  await signInThroughScreens(otherPage, stranger, '/en/dashboard');
  const refused = await otherPage.request.post(`/api/claims/${submissionId}/documents`, {
    headers: { 'x-csrf-token': await csrfToken(otherPage) },
    data: {
      attachments: [
        { name: 'x.png', data: `data:image/png;base64,${pngFile(2, 2).toString('base64')}` },
      ],
    },
  });
  expect(refused.status()).toBe(404);
  await other.close();
  expect(await documentCount(page, submissionId)).toBe(2);
});
