import { expect, type Page, test } from '@playwright/test';
import { pdfFile } from './support/documents';
import { PUBLIC_PAGES } from './support/dictionary';
import { islandsHydrated, openHydrated } from './support/hydration';
import { amendAsStaff, signInStaff } from './support/staff';
import { claimFromPage, signedInOnTenant } from './support/tenant-customer';

/**
 * No customer page scrolls sideways (issue 28 "Layouts that fit"): at every width from a
 * small phone to a wide desktop, in English, French and Chinese (the jupiter tenant), the
 * document is no wider than the viewport.
 */
const WIDTHS = [320, 390, 768, 1280, 1920] as const;
const PORT = Number(process.env.E2E_PORT ?? 4399);
const BASE = `http://127.0.0.1:${PORT}`;
const BASE_URL = { en: BASE, fr: BASE, cn: `http://jupiter.localhost:${PORT}` };

const nextFrame = (page: Page) =>
  page.evaluate(
    () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
  );

/** At each width, how far the page is wider than the viewport, and what sticks out most. */
async function overflowsAtEveryWidth(page: Page, name: string): Promise<string[]> {
  const found: string[] = [];
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 800 });
    await nextFrame(page);
    const measured = await page.evaluate(() => {
      const root = document.documentElement;
      let widest = '';
      let right = root.clientWidth;
      for (const element of document.body.querySelectorAll('*')) {
        const box = element.getBoundingClientRect();
        if (box.right > right + 0.5) {
          right = box.right;
          widest = `${element.tagName.toLowerCase()}.${[...element.classList].join('.')}`;
        }
      }
      return { scroll: root.scrollWidth, client: root.clientWidth, widest };
    });
    if (measured.scroll > measured.client) {
      found.push(
        `${name} at ${width} px: ${measured.scroll} > ${measured.client} (${measured.widest})`,
      );
    }
  }
  return found;
}

for (const lang of ['en', 'fr', 'cn'] as const) {
  test(`${lang}: no customer page scrolls sideways at ${WIDTHS.join(', ')} px`, async ({
    browser,
  }) => {
    test.setTimeout(240_000);
    const context = await browser.newContext({ baseURL: BASE_URL[lang] });
    const page = await context.newPage();
    const found: string[] = [];
    const measure = async (name: string) => {
      await islandsHydrated(page);
      found.push(...(await overflowsAtEveryWidth(page, name)));
    };

    for (const path of PUBLIC_PAGES) {
      await openHydrated(page, `/${lang}/${path}`);
      await measure(`/${lang}/${path}`);
    }

    // Signed in, with claims: one new, one approved with a letter and long reasons.
    await signedInOnTenant(page, `sideways-${lang}`, lang);
    const decided = await claimFromPage(page, { productType: 'Lines of Credit' });
    await claimFromPage(page);
    const staff = await signInStaff(browser);
    await amendAsStaff(staff, decided.submissionId, {
      claimNumber: `W${Date.now() % 10_000_000}`,
      status: 'Approved',
      benefitAmount: '999999.99',
      firstPaymentDate: '2026-12-01',
      lastPaymentDate: '2027-05-31',
      decisionLetter: {
        name: 'letter.pdf',
        data: `data:application/pdf;base64,${pdfFile('Approval').toString('base64')}`,
      },
    });
    await staff.context().close();

    for (const path of ['dashboard', `claim/${decided.submissionId}`, 'profile']) {
      await openHydrated(page, `/${lang}/${path}`);
      await measure(`/${lang}/${path}`);
    }
    await page.setViewportSize({ width: 1280, height: 800 });
    await openHydrated(page, `/${lang}/dashboard`);
    await page.locator('.claims-table__details').first().click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await measure(`/${lang}/dashboard claim details`);

    // The wizard, step by step.
    await openHydrated(page, `/${lang}/add-claim`);
    await measure(`/${lang}/add-claim before you start`);
    await page.locator('form button[type="submit"]').click();
    await page.locator('#policyNumber').fill(`SW-${lang}-2041`);
    await page.locator('#productCode').selectOption('210');
    await page.locator('#productType').selectOption('Mortgage');
    await measure(`/${lang}/add-claim product`);
    await page.locator('form button[type="submit"]').click();
    await page.locator('#claimType-1').check();
    await measure(`/${lang}/add-claim type`);
    await page.locator('form button[type="submit"]').click();
    await page
      .locator('input[type="file"]')
      .first()
      .setInputFiles({
        name: 'a-rather-long-claim-form-file-name-without-any-spaces-in-it.pdf',
        mimeType: 'application/pdf',
        buffer: pdfFile('Claim form'),
      });
    await expect(page.getByRole('status').filter({ hasText: 'a-rather-long' })).toBeVisible();
    await page.locator('#employer-direct').check();
    await measure(`/${lang}/add-claim documents`);
    await page.locator('form button[type="submit"]').click();
    await measure(`/${lang}/add-claim summary`);
    await page.locator('form button[type="submit"]').click();
    await page.waitForSelector('.wizard-progress__step--current:last-child');
    await measure(`/${lang}/add-claim submitted`);

    expect(found).toEqual([]);

    // The measure itself sees a page that is too wide.
    await page.evaluate(() => {
      const wide = document.createElement('div');
      wide.style.width = '2000px';
      wide.style.height = '1px';
      document.body.append(wide);
    });
    expect(await overflowsAtEveryWidth(page, 'control')).toHaveLength(WIDTHS.length);
    await context.close();
  });
}
