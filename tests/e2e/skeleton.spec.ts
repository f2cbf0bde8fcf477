import { expect, test } from '@playwright/test';
import { registerVerifiedCustomer, signInThroughScreens, uniqueEmail } from './support/customers';

// Every claim belongs to a signed-in customer: each test signs a fresh one in first.
test.beforeEach(async ({ page }) => {
  const email = uniqueEmail('skeleton');
  await registerVerifiedCustomer(page, email, 'Marie');
  await signInThroughScreens(page, email, '/en/dashboard');
});

test('a claim submitted in English is listed on the dashboard in both languages', async ({
  page,
}) => {
  const policyNumber = `E2E-${Date.now()}`;
  await page.goto('/en/dashboard');
  await page.getByRole('link', { name: 'Submit a claim' }).first().click();
  await expect(page).toHaveURL(/\/en\/add-claim$/);

  await page.getByLabel('Policy number').fill(policyNumber);
  await page.getByLabel('Insurance product').selectOption({ label: 'Mortgage Insurance' });
  await page.getByLabel('Credit product').selectOption({ label: 'Mortgage' });
  await page.getByLabel('Coverage').selectOption({ label: 'Job loss' });
  await page.getByRole('button', { name: 'Submit claim' }).click();

  const confirmation = page.getByRole('status').filter({ hasText: 'confirmation number' });
  await expect(confirmation).toBeVisible();
  await page.getByRole('link', { name: 'Return to dashboard' }).click();

  const englishRow = page.getByRole('row').filter({ hasText: 'Job loss' });
  await expect(englishRow).toHaveCount(1);
  await expect(englishRow).toContainText('(TBD)');
  await expect(englishRow).toContainText('Submitted');
  await expect(englishRow).toContainText('$0.00');

  await page.goto('/fr/dashboard');
  const frenchRow = page.getByRole('row').filter({ hasText: 'Perte d’emploi' });
  await expect(frenchRow).toHaveCount(1);
  await expect(frenchRow).toContainText('Soumise');
});

test('the form shows each invalid field in the page language and submits nothing', async ({
  page,
}) => {
  const countClaims = async () =>
    (await (await page.request.get('/api/claims')).json()).claims.length;
  const before = await countClaims();
  await page.goto('/fr/add-claim');
  await page.getByRole('button', { name: 'Soumettre la réclamation' }).click();
  await expect(page.getByLabel('Numéro de police')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('Ce champ est obligatoire.').first()).toBeVisible();
  await expect(page.getByLabel('Couverture')).toHaveAttribute('aria-invalid', 'true');
  expect(await countClaims()).toBe(before);
});
