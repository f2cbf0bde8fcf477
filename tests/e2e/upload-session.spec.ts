import { expect, type Page, test } from '@playwright/test';
import { csrfToken, signedInCustomer, submitClaimThroughApi } from './support/customers';
import { pdfFile } from './support/documents';

/** The session ends on the server (elsewhere, or idle) while the page is still open. */
async function endSession(page: Page) {
  const ended = await page.request.post('/api/auth/session/terminate', {
    headers: { 'x-csrf-token': await csrfToken(page) },
    data: {},
  });
  expect(ended.status()).toBe(204);
}

test('a 401 while sending documents from the claim page signs out with "Session expired" (en), not a connection message', async ({
  page,
}) => {
  await signedInCustomer(page, 'upload-401-claim');
  const { submissionId } = await submitClaimThroughApi(page);
  await page.goto(`/en/claim/${submissionId}`);
  await page.getByLabel('choose files').setInputFiles({
    name: 'report.pdf',
    mimeType: 'application/pdf',
    buffer: pdfFile('Report'),
  });
  await expect(page.getByRole('list').filter({ hasText: 'report.pdf' })).toBeVisible();
  await endSession(page);
  const upload = page.waitForResponse(`**/api/claims/${submissionId}/documents`);
  await page.getByRole('button', { name: 'Submit' }).click();
  expect((await upload).status()).toBe(401);

  await expect(page).toHaveURL(/\/en\/\?signedOut=expired$/);
  await expect(page.getByText('Session expired. Please log in again.')).toBeVisible();
  await expect(page.getByText(/check your connection/)).toHaveCount(0);
  await page.goto('/en/dashboard');
  await expect(page).toHaveURL(/\/en\/\?next=/);
});

test('a 401 while staging a file in the wizard signs out with "Session expirée" (fr)', async ({
  page,
}) => {
  await signedInCustomer(page, 'upload-401-wizard');
  const saved = await page.request.put('/api/claims/draft', {
    headers: { 'x-csrf-token': await csrfToken(page), 'if-match': '"new"' },
    data: {
      step: 4,
      answers: {
        policyNumber: 'S-401',
        productCode: '210',
        productType: 'Mortgage',
        claimType: 'Job Loss',
        claimDescription: 'Laid off.',
        employerFormChecked: false,
        physicianStatementChecked: false,
      },
    },
  });
  expect(saved.status()).toBe(200);
  await page.goto('/fr/add-claim');
  await expect(page.getByRole('heading', { name: 'Documents', level: 2 })).toBeVisible();
  await endSession(page);
  await page
    .getByRole('group', { name: 'Formulaire de réclamation' })
    .getByLabel('choisissez des fichiers')
    .setInputFiles({ name: 'formulaire.pdf', mimeType: 'application/pdf', buffer: pdfFile('F') });

  await expect(page).toHaveURL(/\/fr\/\?signedOut=expired$/);
  await expect(page.getByText('Session expirée. Veuillez vous reconnecter.')).toBeVisible();
  await expect(page.getByText(/Vérifiez votre connexion/)).toHaveCount(0);
});
