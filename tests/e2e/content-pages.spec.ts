import { expect, type Locator, type Page, test } from '@playwright/test';
import {
  csrfToken,
  registerVerifiedCustomer,
  signInThroughScreens,
  uniqueEmail,
} from './support/customers';
import { expectAccessible } from './support/accessibility';
import { dictionaryKeys, keysShown as keysShownOn, PUBLIC_PAGES } from './support/dictionary';

/** No dictionary key shows as text, and axe finds nothing, at desktop and at 390 px. */
async function expectTranslatedAndAccessible(page: Page) {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    const text = (await page.locator('body').textContent()) ?? '';
    expect(dictionaryKeys.filter((key) => text.includes(key))).toEqual([]);
    await expectAccessible(page);
  }
}

/** Presses Tab, as a keyboard user would, until the element holding `target` has focus. */
async function tabUntilFocused(page: Page, target: Locator) {
  for (let presses = 0; presses < 40; presses += 1) {
    await page.keyboard.press('Tab');
    const focused = await target.evaluate(
      (element) => element.closest('summary, a, button') === document.activeElement,
    );
    if (focused) return;
  }
  throw new Error('never reached by Tab');
}

const numbersOf = async (page: Page) =>
  page
    .getByRole('listitem')
    .filter({ has: page.locator('details') })
    .evaluateAll((items) => items.map((item) => (item as HTMLLIElement).value));

test('signed out, the FAQ lists 11 questions numbered 1, 2 and 5 to 13, opened by keyboard, in both languages', async ({
  page,
}) => {
  await page.goto('/en/');
  await page.getByRole('link', { name: 'FAQ', exact: true }).click();
  await expect(page).toHaveURL(/\/en\/faq$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Frequently asked questions');
  expect(await numbersOf(page)).toEqual([1, 2, 5, 6, 7, 8, 9, 10, 11, 12, 13]);

  const question = page.getByText('Which file types and sizes can I upload?');
  const answer = page.getByText('You can upload PDF, JPG, JPEG and PNG files.', { exact: false });
  await expect(answer).toBeHidden();
  await tabUntilFocused(page, question);
  await page.keyboard.press('Enter');
  await expect(answer).toBeVisible();
  await page.keyboard.press('Space');
  await expect(answer).toBeHidden();
  await expectTranslatedAndAccessible(page);

  await page.goto('/fr/faq');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Foire aux questions');
  expect(await numbersOf(page)).toHaveLength(11);
  await expectTranslatedAndAccessible(page);
});

test('the contact page shows its hero image, the phone line and the head office, in both languages', async ({
  page,
}) => {
  for (const [lang, title, alt] of [
    ['en', 'Contact us', 'A claims specialist wearing a headset, ready to help'],
    [
      'fr',
      'Nous joindre',
      'Une spécialiste des réclamations munie d’un casque d’écoute, prête à vous aider',
    ],
  ] as const) {
    await page.goto(`/${lang}/contact-us`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
    const hero = page.getByRole('img', { name: alt });
    await expect(hero).toBeVisible();
    expect(await hero.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
    await expect(
      page.getByRole('main').getByRole('link', { name: '1-800-555-0199' }),
    ).toHaveAttribute('href', 'tel:+18005550199');
    await expect(page.getByRole('main').locator('address')).toContainText('Montréal');
    await expectTranslatedAndAccessible(page);
  }
});

test('a claimant opens their claim page from the dashboard; another claimant is told it is not theirs (403)', async ({
  page,
  browser,
}) => {
  const owner = uniqueEmail('claim-page');
  await registerVerifiedCustomer(page, owner, 'Marie');
  await signInThroughScreens(page, owner, '/en/dashboard');
  const policyNumber = `CP-${Date.now() % 1_000_000}`;
  const submitted = await page.request.post('/api/claims', {
    headers: { 'x-csrf-token': await csrfToken(page) },
    data: {
      policyNumber,
      productCode: '210',
      productType: 'Mortgage',
      claimType: 'Job Loss',
      claimDescription: 'Laid off',
      documents: [],
    },
  });
  expect(submitted.status()).toBe(201);

  await page.goto('/en/dashboard');
  await page
    .getByRole('button', { name: /View details/ })
    .first()
    .click();
  await page.getByRole('link', { name: 'Open the claim page' }).click();
  await expect(page).toHaveURL(/\/en\/claim\/[0-9a-f-]{36}$/);
  const claimUrl = new URL(page.url()).pathname;
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Claim details');
  const fields = page.getByRole('definition');
  await expect(fields.filter({ hasText: policyNumber })).toHaveCount(1);
  await expect(page.getByText('Confirmation number')).toBeVisible();
  await expect(page.getByText('Job loss')).toBeVisible();
  // The status among the claim's details (the timeline below names "Submitted" too).
  await expect(fields.getByText('Submitted', { exact: true })).toBeVisible();
  await expectTranslatedAndAccessible(page);

  await page.goto(claimUrl.replace('/en/', '/fr/'));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Détails de la réclamation');
  await expect(page.getByText('Perte d’emploi')).toBeVisible();
  await expectTranslatedAndAccessible(page);
  await page.getByRole('link', { name: 'Retour à mes réclamations' }).click();
  await expect(page).toHaveURL(/\/fr\/dashboard$/);

  const other = await browser.newContext();
  const otherPage = await other.newPage();
  const stranger = uniqueEmail('claim-page-other');
  await registerVerifiedCustomer(otherPage, stranger, 'Paul');
  await signInThroughScreens(otherPage, stranger, '/en/dashboard');
  const response = await otherPage.goto(claimUrl);
  // Decision 059: the spec's words for another claimant's claim, and nothing of it.
  expect(response?.status()).toBe(403);
  await expect(otherPage.getByRole('alert')).toHaveText(
    'You do not have permission to view this claim.',
  );
  await expect(otherPage.getByText(policyNumber)).toHaveCount(0);
  expect(await otherPage.content()).not.toContain(policyNumber);
  await other.close();

  const visitor = await browser.newContext();
  const visitorPage = await visitor.newPage();
  await visitorPage.goto(claimUrl);
  await expect(visitorPage).toHaveURL(new RegExp(`/en/\\?next=${encodeURIComponent(claimUrl)}$`));
  await visitor.close();
});

test('signed in, the FAQ lists all 17 questions', async ({ page }) => {
  const email = uniqueEmail('faq');
  await registerVerifiedCustomer(page, email, 'Marie');
  await signInThroughScreens(page, email, '/en/faq');
  await expect(page).toHaveURL(/\/en\/faq$/);
  expect(await numbersOf(page)).toEqual(Array.from({ length: 17 }, (_, index) => index + 1));
  await expect(page.getByText('Where do I find my decision letter?')).toBeVisible();
  await expectTranslatedAndAccessible(page);
});

test('every page, signed out and signed in, in both languages: no dictionary key shown, axe clean', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const keysShown = (path: string) => keysShownOn(page, path);
  const found: string[] = [];
  for (const lang of ['en', 'fr']) {
    for (const path of PUBLIC_PAGES) found.push(...(await keysShown(`/${lang}/${path}`)));
  }
  const email = uniqueEmail('raw-keys');
  await registerVerifiedCustomer(page, email, 'Marie');
  await signInThroughScreens(page, email, '/en/dashboard');
  for (const lang of ['en', 'fr']) {
    for (const path of ['dashboard', 'add-claim', 'profile'])
      found.push(...(await keysShown(`/${lang}/${path}`)));
  }
  expect(found).toEqual([]);
});

test('error pages answer with their status and its reason phrase, not "OK"', async ({ page }) => {
  for (const [path, status, reason] of [
    ['/en/error/404', 404, 'Not Found'],
    ['/fr/error/403', 403, 'Forbidden'],
    ['/en/error/500', 500, 'Internal Server Error'],
    ['/en/no-such-page', 404, 'Not Found'],
  ] as const) {
    const answer = await page.request.get(path);
    expect([answer.status(), answer.statusText()]).toEqual([status, reason]);
  }
});
