import { expect, type Page, test } from '@playwright/test';
import {
  csrfToken,
  registerVerifiedCustomer,
  signInThroughScreens,
  uniqueEmail,
} from './support/customers';
import { expectAccessible } from './support/accessibility';
import { pdfFile } from './support/documents';

const COVERAGES = ['Disability', 'Job Loss', 'Critical Illness'] as const;

async function submitClaims(page: Page, count: number) {
  const headers = { 'x-csrf-token': await csrfToken(page) };
  for (let index = 0; index < count; index += 1) {
    const answer = await page.request.post('/api/claims', {
      headers,
      data: {
        policyNumber: `DB-${index}-${Date.now() % 100_000}`,
        productCode: '210',
        productType: 'Mortgage',
        claimType: COVERAGES[index % COVERAGES.length],
        documents: [],
      },
    });
    expect(answer.status()).toBe(201);
  }
}

const bodyRows = (page: Page) =>
  page
    .getByRole('table')
    .getByRole('row')
    .filter({ has: page.getByRole('cell') });

test('the dashboard: empty, then 12 claims sorted and paged by 10, tooltip by keyboard, documents added from a row', async ({
  page,
}) => {
  const email = uniqueEmail('dashboard');
  await registerVerifiedCustomer(page, email, 'Marie');
  await signInThroughScreens(page, email, '/en/dashboard');
  await expect(page.getByText('You have no claims yet.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Frequently asked questions' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Need help?' })).toBeVisible();
  await expect(page.getByRole('main').getByRole('link', { name: '1-800-555-0199' })).toBeVisible();

  await submitClaims(page, 12);
  await page.reload();
  await expect(bodyRows(page)).toHaveCount(10);
  const pages = page.getByRole('navigation', { name: 'Pages of claims' });
  await expect(pages.getByRole('button', { name: /^Page \d$/ })).toHaveCount(2);
  await pages.getByRole('button', { name: 'Page 2' }).click();
  await expect(bodyRows(page)).toHaveCount(2);
  await expect(pages.getByRole('button', { name: 'Page 2' })).toHaveAttribute(
    'aria-current',
    'page',
  );

  const coverageHeader = page.getByRole('columnheader', { name: /Coverage/ });
  await coverageHeader.getByRole('button').click();
  await expect(coverageHeader).toHaveAttribute('aria-sort', 'ascending');
  await expect(bodyRows(page).first()).toContainText('Critical illness');
  await coverageHeader.getByRole('button').click();
  await expect(coverageHeader).toHaveAttribute('aria-sort', 'descending');
  await expect(bodyRows(page).first()).toContainText('Job loss');
  await expect(
    page.getByRole('columnheader', { name: 'Documents' }).getByRole('button'),
  ).toHaveCount(0);

  // (TBD) explains itself to keyboard users too, and Escape hides the explanation.
  const tbd = page.getByRole('button', { name: '(TBD)' }).first();
  await tbd.focus();
  const tooltip = page.getByRole('tooltip').filter({ hasText: 'A claim number is assigned' });
  await expect(tooltip).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(tooltip).toBeHidden();

  await page.setViewportSize({ width: 390, height: 900 });
  await expectAccessible(page);
  const upload = page.getByRole('button', { name: /^Add documents to claim / }).first();
  await upload.click();
  const dialog = page.getByRole('dialog', { name: /^Add documents to claim / });
  await expect(dialog).toBeVisible();
  await expect(
    dialog.getByText('You have not sent any documents for this claim yet.'),
  ).toBeVisible();
  await expectAccessible(page);
  await dialog.getByLabel('choose files').setInputFiles({
    name: 'bank-statement.pdf',
    mimeType: 'application/pdf',
    buffer: pdfFile('Bank statement'),
  });
  await dialog.getByRole('button', { name: 'Submit' }).click();
  await expect(dialog.getByRole('status')).toHaveText(
    'Thank you. We received: bank-statement.pdf.',
  );
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
  await expect(upload).toBeFocused();

  // French labels do not fit as columns at 1280 px: the claims are cards (issue 28 finding 4).
  await page.goto('/fr/dashboard');
  await expect(page.locator('.claim-card').first().getByText('Couverture')).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Pages de réclamations' })).toBeVisible();
  await expectAccessible(page);
});
