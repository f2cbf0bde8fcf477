import { mkdirSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { pdfFile } from '../e2e/support/documents';
import { amendAsStaff, signInStaff } from '../e2e/support/staff';
import { callFromPage, signedInOnTenant } from '../e2e/support/tenant-customer';

/**
 * Every customer screen, in English and French, and in Chinese on the jupiter tenant (the
 * one that offers it), at desktop width and at 390 px. `npm run screenshots -- -g cn` takes
 * one language.
 */

const OUT = 'docs/screens';
const VIEWPORTS = { desktop: { width: 1280, height: 800 }, mobile: { width: 390, height: 844 } };
type Lang = 'en' | 'fr' | 'cn';
const PORT = Number(process.env.E2E_PORT ?? 4399);
const BASE_URL: Record<Lang, string> = {
  en: `http://127.0.0.1:${PORT}`,
  fr: `http://127.0.0.1:${PORT}`,
  cn: `http://jupiter.localhost:${PORT}`,
};
const MENU: Record<Lang, string> = { en: 'Menu', fr: 'Menu', cn: '菜单' };

async function shoot(page: Page, name: string, lang: Lang, options: { fullPage?: boolean } = {}) {
  for (const [size, viewport] of Object.entries(VIEWPORTS)) {
    await page.setViewportSize(viewport);
    await page.waitForFunction(() => document.querySelector('astro-island[ssr]') === null);
    await page.screenshot({
      path: `${OUT}/${lang}/${size}/${name}.jpg`,
      type: 'jpeg',
      quality: 70,
      fullPage: options.fullPage ?? true,
      animations: 'disabled',
    });
  }
}

async function open(page: Page, path: string) {
  await page.goto(path);
  await page.waitForFunction(() => document.querySelector('astro-island[ssr]') === null);
}

for (const lang of ['en', 'fr', 'cn'] as const) {
  test(`customer screens ${lang}`, async ({ browser }) => {
    const context = await browser.newContext({ baseURL: BASE_URL[lang] });
    const page = await context.newPage();
    const staff = await signInStaff(browser);
    for (const size of Object.keys(VIEWPORTS))
      mkdirSync(`${OUT}/${lang}/${size}`, { recursive: true });
    for (const [name, path] of [
      ['01-sign-in', ''],
      ['02-register', 'add-user'],
      ['03-forgot-password', 'forgot-password'],
      ['04-terms', 'declaration-and-authorization'],
      ['05-faq', 'faq'],
      ['06-contact', 'contact-us'],
      ['07-not-found', 'error/404'],
    ] as const) {
      await open(page, `/${lang}/${path}`);
      await shoot(page, name, lang);
    }

    await signedInOnTenant(page, `screens-${lang}`, lang);
    await open(page, `/${lang}/dashboard`);
    await shoot(page, '08-dashboard-empty', lang);

    // The wizard, page by page.
    await open(page, `/${lang}/add-claim`);
    await shoot(page, '10-wizard-1-before-you-start', lang);
    await page.locator('form button[type="submit"]').click();
    await page.locator('#policyNumber').fill(`SC-${lang}-2041`);
    await page.locator('#productCode').selectOption('210');
    await page.locator('#productType').selectOption('Mortgage');
    await shoot(page, '11-wizard-2-product', lang);
    await page.locator('form button[type="submit"]').click();
    await page.locator('#claimType-1').check();
    await page
      .locator('#claimDescription')
      .fill(lang === 'en' ? 'The plant closed on October 31.' : 'L’usine a fermé le 31 octobre.');
    await shoot(page, '12-wizard-3-type', lang);
    await page.locator('form button[type="submit"]').click();
    await page
      .locator('input[type="file"]')
      .first()
      .setInputFiles({
        name: 'claim-form.pdf',
        mimeType: 'application/pdf',
        buffer: pdfFile('Claim form'),
      });
    await expect(page.getByRole('status').filter({ hasText: 'claim-form.pdf' })).toBeVisible();
    await page.locator('#employer-direct').check();
    await shoot(page, '13-wizard-4-documents', lang);
    await page.locator('form button[type="submit"]').click();
    await shoot(page, '14-wizard-5-summary', lang);
    await page.locator('form button[type="submit"]').click();
    await expect(page.locator('[aria-current="step"]')).toHaveCount(1);
    await page.waitForSelector('.wizard-progress__step--current:last-child');
    await shoot(page, '15-wizard-6-submitted', lang);

    // A claim decided by staff: the dashboard's dot, the details modal, the claim page.
    const claims = JSON.parse((await callFromPage(page, 'GET', '/api/claims')).body).claims;
    const claimNumber = `S${lang.toUpperCase()}${Date.now() % 100_000}`;
    await amendAsStaff(staff, claims[0].submissionId, {
      claimNumber,
      status: 'Approved',
      benefitAmount: '1320.00',
      firstPaymentDate: '2026-12-01',
      lastPaymentDate: '2027-05-31',
      decisionLetter: {
        name: 'decision.pdf',
        data: `data:application/pdf;base64,${pdfFile('Decision').toString('base64')}`,
      },
    });
    await callFromPage(page, 'POST', '/api/claims', {
      policyNumber: `SC-${lang}-77`,
      productCode: '110',
      productType: 'Loans',
      claimType: 'Disability',
      documents: [],
    });
    await open(page, `/${lang}/dashboard`);
    await shoot(page, '09-dashboard-claims', lang);
    await page.locator('.claims-table__details').first().click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await shoot(page, '16-claim-details-modal', lang, { fullPage: false });
    await page.keyboard.press('Escape');
    await page.locator('.table-scroll .icon-button').first().click();
    await shoot(page, '17-add-documents-modal', lang, { fullPage: false });
    await open(page, `/${lang}/claim/${claims[0].submissionId}`);
    await shoot(page, '18-claim-page', lang);
    await open(page, `/${lang}/profile`);
    await shoot(page, '19-profile', lang);
    await page.setViewportSize(VIEWPORTS.mobile);
    await page.getByRole('button', { name: MENU[lang] }).click();
    await page.screenshot({ path: `${OUT}/${lang}/mobile/20-menu.jpg`, type: 'jpeg', quality: 70 });
    await page.setViewportSize(VIEWPORTS.desktop);
    await page.reload();
    await page.locator('.profile-toggle').click();
    await page.screenshot({
      path: `${OUT}/${lang}/desktop/20-account-menu.jpg`,
      type: 'jpeg',
      quality: 70,
    });
    await staff.context().close();
    await context.close();
  });
}
