import { expect, type Page, test } from '@playwright/test';
import { expectAccessible } from './support/accessibility';
import {
  claimEntries,
  csrfToken,
  signedInCustomer,
  signInThroughScreens,
} from './support/customers';
import { jpegFile, pdfFile } from './support/documents';
import { islandsHydrated, openHydrated } from './support/hydration';

const picker = (page: Page, group: string) =>
  page.getByRole('group', { name: group }).getByLabel(/choose files|choisir des fichiers/);

const currentStep = (page: Page) =>
  page
    .getByRole('navigation', { name: /Claim progress|Progression/ })
    .locator('[aria-current="step"]');

const stagedCount = async (page: Page) =>
  (await (await page.request.get('/api/claims/draft')).json()).documents.length;

test('a claimant submits a claim through the six pages with two PDFs and a JPEG, and sees it on the dashboard', async ({
  page,
}) => {
  await signedInCustomer(page, 'wizard');
  const policyNumber = `WZ-${Date.now() % 1_000_000}`;
  await page.goto('/en/dashboard');
  await page.getByRole('link', { name: 'Submit a claim' }).first().click();
  await expect(page).toHaveURL(/\/en\/add-claim$/);

  await expect(page.getByRole('heading', { name: 'Before you start' })).toBeVisible();
  await expect(page.getByText(/up to 5 files, 4 MB in all/)).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Ready to proceed' }).click();

  // Product: nothing chosen → every field says why, in words, with no native bubble.
  await expect(page.getByRole('heading', { name: 'Your insurance product' })).toBeFocused();
  await expect(currentStep(page)).toContainText('Product');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByLabel('Policy number')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByLabel('Policy number')).toBeFocused();
  await expect(page.getByText('This field is required.')).toBeVisible();
  await expect(page.getByText('Choose one of the options offered.')).toHaveCount(2);
  await expectAccessible(page);
  await page.getByLabel('Policy number').fill(policyNumber);
  await page
    .getByLabel('Insurance product', { exact: true })
    .selectOption({ label: 'Mortgage Insurance' });
  await page.getByLabel('Credit product').selectOption({ label: 'Mortgage' });
  await page.getByRole('button', { name: 'Next' }).click();

  // Type; Back keeps the answers of the page before.
  await expect(page.getByRole('heading', { name: 'Type of claim' })).toBeVisible();
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page.getByLabel('Policy number')).toHaveValue(policyNumber);
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('radio', { name: /Job loss/ }).check();
  await page.getByLabel('Description of the claim').fill('Laid off when the plant closed.');
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Next' }).click();

  // Documents: limits shown first; a disguised file is refused before anything is sent.
  await expect(page.getByRole('heading', { name: 'Documents', level: 2 })).toBeVisible();
  await expect(page.getByText('Up to 5 files, 4 MB in all. PDF, JPG or PNG.')).toBeVisible();
  await picker(page, 'Supporting documents').setInputFiles({
    name: 'notes.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('plain text dressed as a PDF'),
  });
  await expect(page.getByRole('alert')).toContainText(
    'File "notes.pdf" is not a supported file type',
  );
  expect(await stagedCount(page)).toBe(0);

  await picker(page, 'Claim form').setInputFiles({
    name: 'claim-form.pdf',
    mimeType: 'application/pdf',
    buffer: pdfFile('Claim form'),
  });
  await expect(
    page.getByRole('status').filter({ hasText: 'Saved: claim-form.pdf.' }),
  ).toBeVisible();
  await picker(page, "Employer's statement").setInputFiles({
    name: 'employer-statement.pdf',
    mimeType: 'application/pdf',
    buffer: pdfFile('Employer statement'),
  });
  await expect(page.getByText('Saved: employer-statement.pdf.')).toBeVisible();
  await picker(page, 'Supporting documents').setInputFiles({
    name: 'record-of-employment.jpg',
    mimeType: 'image/jpeg',
    buffer: await jpegFile(page, 400, 300),
  });
  await expect(page.getByText('Saved: record-of-employment.jpg.')).toBeVisible();
  await expect(page.getByText(/Attached: 3 of 5 files/)).toBeVisible();
  expect(await stagedCount(page)).toBe(3);
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Next' }).click();

  // Summary lists every answer and file; submitting gives the confirmation number.
  await expect(page.getByRole('heading', { name: 'Review and submit' })).toBeVisible();
  const summary = page.locator('.summary-list');
  await expect(summary).toContainText(policyNumber);
  await expect(summary).toContainText('Mortgage Insurance');
  await expect(summary).toContainText('Job loss');
  await expect(summary).toContainText('Claim form: claim-form.pdf');
  await expect(summary).toContainText('Supporting documents: record-of-employment.jpg');
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Submit claim' }).click();
  await expect(page.getByRole('heading', { name: 'Claim submitted' })).toBeVisible();
  await expect(currentStep(page)).toContainText('Submitted');
  await expect(
    page.getByText(/Your confirmation number is [0-9A-Z]{5}-[0-9A-Z]{5}\./),
  ).toBeVisible();
  await expectAccessible(page);
  expect((await (await page.request.get('/api/claims/draft')).json()).step).toBe(1);

  await page.getByRole('link', { name: 'Return to dashboard' }).click();
  const row = page.getByRole('row').filter({ hasText: 'Job loss' });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('(TBD)');
  await expect(row).toContainText('Submitted');
  const claims = (await (await page.request.get('/api/claims')).json()).claims;
  const documents = await (
    await page.request.get(`/api/claims/${claims[0].submissionId}/documents`)
  ).json();
  expect(documents.documents.map((d: { fileName: string }) => d.fileName)).toEqual([
    'claim-form.pdf',
    'employer-statement.pdf',
    'record-of-employment.jpg',
  ]);
});

test('by keyboard only, in French, at 390 px: the wizard from start to submitted', async ({
  page,
}) => {
  await signedInCustomer(page, 'wizard-keyboard');
  await page.setViewportSize({ width: 390, height: 844 });
  await openHydrated(page, '/fr/add-claim');
  const tabTo = async (
    name: RegExp | string,
    role: 'button' | 'link' | 'radio' | 'checkbox' | 'combobox' | 'textbox' = 'button',
  ) => {
    const target = page.getByRole(role, { name }).first();
    for (let presses = 0; presses < 40; presses += 1) {
      if (await target.evaluate((element) => element === document.activeElement)) return;
      await page.keyboard.press('Tab');
    }
    throw new Error(`could not reach ${String(name)} with Tab`);
  };

  await tabTo('Prêt à commencer');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Votre produit d’assurance' })).toBeFocused();
  await tabTo('Numéro de police', 'textbox');
  await page.keyboard.type('KB-2040');
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Produit d’assurance', { exact: true })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Produit de crédit')).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await tabTo('Suivant');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Type de réclamation', level: 2 })).toBeFocused();
  await expectAccessible(page);

  await tabTo(/Invalidité/, 'radio');
  await page.keyboard.press('Space');
  await tabTo('Suivant');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Documents', level: 2 })).toBeFocused();
  // The physician sends the statement: confirmed by the checkbox instead of a file.
  await tabTo(/Mon médecin transmettra/, 'checkbox');
  await page.keyboard.press('Space');
  await tabTo('Suivant');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Vérifier et soumettre' })).toBeFocused();
  await expect(page.getByText(/transmise directement par votre médecin/)).toBeVisible();
  await expectAccessible(page);
  await tabTo('Soumettre la réclamation');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Réclamation soumise' })).toBeFocused();
  await expect(page.getByText(/Votre numéro de confirmation est/)).toBeVisible();
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(390);
  await tabTo('Retour au tableau de bord', 'link');
  await page.keyboard.press('Enter');
  await expect(claimEntries(page).filter({ hasText: 'Invalidité' })).toHaveCount(1);
});

test('a saved draft survives a reload and a new sign-in, and Start over clears it', async ({
  page,
  browser,
}) => {
  const email = await signedInCustomer(page, 'wizard-draft');
  await openHydrated(page, '/en/add-claim');
  await page.getByRole('button', { name: 'Ready to proceed' }).click();
  await page.getByLabel('Policy number').fill('DRAFT-77');
  await page.getByLabel('Insurance product', { exact: true }).selectOption('110');
  await page.getByLabel('Credit product').selectOption('Loans');
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('radio', { name: /Critical illness/ }).check();
  await page.getByRole('button', { name: 'Next' }).click();
  await picker(page, 'Claim form').setInputFiles({
    name: 'form.pdf',
    mimeType: 'application/pdf',
    buffer: pdfFile('Claim form'),
  });
  await expect(page.getByText('Saved: form.pdf.')).toBeVisible();

  // The step comes with the page; its buttons answer once the wizard has hydrated.
  await page.reload();
  await islandsHydrated(page);
  await expect(page.getByRole('heading', { name: 'Documents', level: 2 })).toBeVisible();
  await expect(
    page.getByText('Welcome back. You are continuing the claim you started.'),
  ).toBeVisible();
  await expect(page.getByRole('group', { name: 'Claim form' })).toContainText('form.pdf');
  await expect(currentStep(page)).toContainText('Documents');

  // Save and exit, then a new sign-in in another browser: the same page and answers.
  await page.getByRole('button', { name: 'Save and exit' }).click();
  await expect(page).toHaveURL(/\/en\/dashboard$/);
  const other = await browser.newContext();
  const second = await other.newPage();
  await signInThroughScreens(second, email, '/en/add-claim');
  await islandsHydrated(second);
  await expect(second.getByRole('heading', { name: 'Documents', level: 2 })).toBeVisible();
  await second.getByRole('button', { name: 'Back' }).click();
  await expect(second.getByRole('radio', { name: /Critical illness/ })).toBeChecked();
  await second.getByRole('button', { name: 'Back' }).click();
  await expect(second.getByLabel('Policy number')).toHaveValue('DRAFT-77');

  // Without the physician statement the Documents step's Next stops there and says why
  // (issue 28 finding 7), with focus on the way to settle it; nothing is saved past it.
  await second.getByRole('button', { name: 'Next' }).click();
  await second.getByRole('button', { name: 'Next' }).click();
  await expect(second.getByRole('heading', { name: 'Documents', level: 2 })).toBeVisible();
  await second.getByRole('button', { name: 'Next' }).click();
  await expect(
    second.getByRole('alert').filter({ hasText: 'Please attach the physician statement' }),
  ).toBeVisible();
  await expect(second.getByRole('heading', { name: 'Documents', level: 2 })).toBeVisible();
  await expect(second.getByRole('heading', { name: 'Review and submit' })).toHaveCount(0);
  await expect(second.getByRole('checkbox', { name: /physician will send/ })).toBeFocused();
  await expectAccessible(second);
  expect((await (await second.request.get('/api/claims/draft')).json()).step).toBe(4);
  expect((await (await second.request.get('/api/claims')).json()).claims).toHaveLength(0);

  // A staged file goes only after the question is answered.
  await second.getByRole('button', { name: 'Remove form.pdf' }).click();
  const removal = second.getByRole('dialog', { name: 'Remove this file?' });
  await expect(removal).toContainText('"form.pdf" will be removed from your claim.');
  await removal.getByRole('button', { name: 'Remove' }).click();
  await expect(second.getByText('Removed: form.pdf.')).toBeVisible();
  expect(await stagedCount(second)).toBe(0);

  await second.getByRole('button', { name: 'Start over' }).click();
  const dialog = second.getByRole('dialog', { name: 'Start over?' });
  await expect(dialog.getByRole('button', { name: 'Keep my answers' })).toBeFocused();
  await expectAccessible(second);
  await dialog.getByRole('button', { name: 'Delete and start over' }).click();
  await expect(second.getByRole('heading', { name: 'Before you start' })).toBeVisible();
  expect(await (await second.request.get('/api/claims/draft')).json()).toMatchObject({
    step: 1,
    documents: [],
  });
  await other.close();
});

test('the draft API refuses bad input and other claimants, changing nothing', async ({
  page,
  browser,
}) => {
  await signedInCustomer(page, 'wizard-api');
  // A browser sends its origin with a DELETE; Astro refuses one without it.
  const origin = new URL(page.url()).origin;
  const headers = { 'x-csrf-token': await csrfToken(page), origin };
  const pdf = `data:application/pdf;base64,${pdfFile('mine').toString('base64')}`;
  const staged = await page.request.post('/api/claims/draft/documents', {
    headers,
    data: { kind: 'claim', attachments: [{ name: 'mine.pdf', data: pdf }] },
  });
  expect(staged.status()).toBe(201);
  const [mine] = (await staged.json()).documents;

  const refusals = [
    await page.request.put('/api/claims/draft', {
      headers,
      data: { step: 2, answers: { policyNumber: 'A\u0000B' } },
    }),
    await page.request.put('/api/claims/draft', { headers, data: { step: 9, answers: {} } }),
    await page.request.post('/api/claims/draft/documents', {
      headers,
      data: {
        kind: 'supporting',
        attachments: [
          {
            name: 'setup.pdf',
            data: `data:application/pdf;base64,${Buffer.from('MZ\x90\x00 program').toString('base64')}`,
          },
        ],
      },
    }),
    await page.request.post('/api/claims/draft/documents', {
      headers,
      data: { kind: 'passport', attachments: [{ name: 'p.pdf', data: pdf }] },
    }),
  ];
  for (const answer of refusals) {
    expect(answer.status()).toBe(400);
    expect(answer.headers()['content-type']).toContain('application/problem+json');
  }
  expect(await stagedCount(page)).toBe(1);
  const unknown = await page.request.delete('/api/claims/draft/documents/not-a-uuid', { headers });
  expect(unknown.status(), await unknown.text()).toBe(404);

  // Another claimant can neither see nor remove this staged document.
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  await signedInCustomer(otherPage, 'wizard-api-other');
  const otherHeaders = { 'x-csrf-token': await csrfToken(otherPage), origin };
  expect((await (await otherPage.request.get('/api/claims/draft')).json()).documents).toEqual([]);
  const taken = await otherPage.request.delete(`/api/claims/draft/documents/${mine.id}`, {
    headers: otherHeaders,
  });
  expect(taken.status()).toBe(404);
  expect(await stagedCount(page)).toBe(1);
  // Without the CSRF header nothing is staged either.
  const forged = await otherPage.request.post('/api/claims/draft/documents', {
    headers: { origin },
    data: { kind: 'claim', attachments: [{ name: 'x.pdf', data: pdf }] },
  });
  expect(forged.status()).toBe(403);
  await other.close();
});
