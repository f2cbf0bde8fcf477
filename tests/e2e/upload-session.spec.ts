import { expect, type Page, test } from '@playwright/test';
import { VALID_PASSWORD } from '@contracts/identity/testing/identity-fixtures';
import {
  codeMailedTo,
  csrfToken,
  outboxFiles,
  signedInCustomer,
  submitClaimThroughApi,
} from './support/customers';
import { islandsHydrated } from './support/hydration';
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
  const email = await signedInCustomer(page, 'upload-401-claim');
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

  // Said as a warning, with the file not sent; the way back to the claim kept (issue 47).
  await expect(page).toHaveURL(
    new RegExp(`/en/\\?signedOut=expiredUpload&next=%2Fen%2Fclaim%2F${submissionId}$`),
  );
  const notice = page
    .getByRole('status')
    .filter({ hasText: 'Session expired. Please log in again.' });
  await expect(notice).toContainText('The file you were sending was not sent.');
  await expect(notice).toHaveClass(/notice--warning/);
  await expect(notice).toHaveCSS('border-left-color', 'rgb(138, 83, 0)');
  await expect(page.getByText(/check your connection/)).toHaveCount(0);

  // Signing in again returns to the claim, not the dashboard.
  await islandsHydrated(page);
  const seen = await outboxFiles();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(VALID_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/en\/mfa$/);
  await islandsHydrated(page);
  await page.getByLabel('Verification code').fill(await codeMailedTo(email, seen));
  await expect(page).toHaveURL(new RegExp(`/en/claim/${submissionId}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Claim details' })).toBeVisible();
});

test('signed out by choice, the notice is not a warning and leads nowhere but home', async ({
  page,
}) => {
  await page.goto('/en/?signedOut=user&next=%2Fen%2Fprofile');
  const notice = page.getByRole('status').filter({ hasText: 'Your session has ended.' });
  await expect(notice).not.toHaveClass(/notice--warning/);
  await page.goto('/fr/?signedOut=idle');
  await expect(
    page.getByRole('status').filter({ hasText: 'votre session a pris fin' }),
  ).toHaveClass(/notice--warning/);
});

test('a page opened with a session the server no longer knows says so and comes back after sign-in', async ({
  page,
}) => {
  const email = await signedInCustomer(page, 'expired-return');
  const { submissionId } = await submitClaimThroughApi(page);
  const cookies = await page.context().cookies();
  // No page left open whose session watch would see the end first and sign out on its own.
  await page.goto('about:blank');
  await endSession(page);
  // The browser still holds its (now dead) session cookie, as after a server-side expiry.
  await page.context().addCookies(cookies);
  await page.goto(`/fr/claim/${submissionId}`);
  await expect(page).toHaveURL(
    new RegExp(`/fr/\\?next=%2Ffr%2Fclaim%2F${submissionId}&signedOut=expired$`),
  );
  await expect(
    page.getByRole('status').filter({ hasText: 'Session expirée. Veuillez vous reconnecter.' }),
  ).toHaveClass(/notice--warning/);
  await islandsHydrated(page);
  const seen = await outboxFiles();
  await page.getByLabel('Courriel').fill(email);
  await page.getByLabel('Mot de passe').fill(VALID_PASSWORD);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page).toHaveURL(/\/fr\/mfa$/);
  await islandsHydrated(page);
  await page.getByLabel('Code de vérification').fill(await codeMailedTo(email, seen));
  await expect(page).toHaveURL(new RegExp(`/fr/claim/${submissionId}$`));
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

  await expect(page).toHaveURL(/\/fr\/\?signedOut=expiredUpload&next=%2Ffr%2Fadd-claim$/);
  await expect(page.getByText('Session expirée. Veuillez vous reconnecter.')).toBeVisible();
  await expect(page.getByText('Le fichier que vous envoyiez n’a pas été envoyé.')).toBeVisible();
  await expect(page.getByText(/Vérifiez votre connexion/)).toHaveCount(0);
});
