import { readFile } from 'node:fs/promises';
import { expect, type Page, test } from '@playwright/test';
import { expectAccessible } from './support/accessibility';
import { islandsHydrated } from './support/hydration';
import {
  csrfToken,
  registerVerifiedCustomer,
  signInThroughScreens,
  submitClaimThroughApi,
  uniqueEmail,
} from './support/customers';
import { pdfFile } from './support/documents';
import { amendAsStaff, signInStaff } from './support/staff';

// West of the portal's zone and far west of UTC: a date moved by a zone shows here.
test.use({ timezoneId: 'America/Vancouver' });

type Lang = 'en' | 'fr';
const WIDTHS = [390, 768, 1024, 1280, 1920] as const;

const WORDS = {
  en: {
    status: 'Submitted',
    approved: 'Approved',
    dot: 'New decision letter',
    tbd: '(TBD)',
    letter: 'Download your decision letter (PDF)',
    letterName: 'decision-letter',
    firstPayment: 'December 1, 2026',
    invalidTitle: 'The request has invalid fields',
    timeline: 'Where your claim is',
    notYet: 'Not yet',
    decided: 'Decision: approved',
    inReview: 'In review',
    needed: 'Attending Physician Statement needed',
    needTitle: 'What we need from you',
    sendNow: 'Send it now',
    colon: ': ',
    sending: 'Sending the document we asked for: Attending Physician Statement needed.',
  },
  fr: {
    status: 'Soumise',
    approved: 'Approuvée',
    dot: 'Nouvelle lettre de décision',
    tbd: '(à déterminer)',
    letter: 'Télécharger votre lettre de décision (PDF)',
    letterName: 'lettre-de-decision',
    firstPayment: '1 décembre 2026',
    invalidTitle: 'La requête contient des champs non valides',
    timeline: 'Où en est votre réclamation',
    notYet: 'Pas encore',
    decided: 'Décision : approuvée',
    inReview: 'En cours d’examen',
    needed: 'Déclaration du médecin traitant requise',
    needTitle: 'Ce dont nous avons besoin',
    sendNow: 'L’envoyer maintenant',
    colon: ' : ',
    sending: 'Envoi du document demandé : Déclaration du médecin traitant requise.',
  },
} as const;

/** A claimant with two claims: one new (no number yet), one approved with an unread letter. */
async function claimantWithClaims(page: Page, browser: import('@playwright/test').Browser) {
  const email = uniqueEmail('layout');
  await registerVerifiedCustomer(page, email, 'Marie-Ève');
  await signInThroughScreens(page, email, '/en/dashboard');
  const decided = await submitClaimThroughApi(page, { claimType: 'Critical Illness' });
  const fresh = await submitClaimThroughApi(page, { productType: 'Lines of Credit' });
  const staff = await signInStaff(browser);
  const claimNumber = `L${Date.now() % 10_000_000}`;
  await amendAsStaff(staff, decided.submissionId, {
    claimNumber,
    status: 'Approved',
    benefitAmount: '123456.78',
    firstPaymentDate: '2026-12-01',
    decisionLetter: {
      name: 'INTERNAL scan 0042 (staff copy).pdf',
      data: `data:application/pdf;base64,${pdfFile('Approval').toString('base64')}`,
    },
  });
  return { staff, decided, fresh, claimNumber };
}

async function openDashboard(page: Page, lang: Lang) {
  await page.goto(`/${lang}/dashboard`);
  await islandsHydrated(page);
  // Until the table has measured its room, the server's HTML holds both the table and the cards.
  const decided = page.locator('.table-scroll:not([data-layout="undecided"])');
  await expect(decided.locator('.claims-table, .claim-cards')).toBeVisible();
}

/** The element is drawn whole inside the viewport's width. */
async function insideViewport(page: Page, selector: string): Promise<string[]> {
  return page.locator(selector).evaluateAll((nodes) =>
    nodes
      .filter((node) => {
        const box = node.getBoundingClientRect();
        return box.width === 0 || box.left < 0 || box.right > document.documentElement.clientWidth;
      })
      .map((node) => node.textContent ?? node.getAttribute('aria-label') ?? '?'),
  );
}

for (const lang of ['en', 'fr'] as const) {
  const words = WORDS[lang];

  test(`${lang}: the claims are a table where its columns fit and cards where they do not, status and letter dot always in view (issue 28 finding 4)`, async ({
    page,
    browser,
  }) => {
    test.setTimeout(90_000);
    const { staff } = await claimantWithClaims(page, browser);
    const layouts: Record<number, string | null> = {};
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 900 });
      await openDashboard(page, lang);
      const container = page.locator('.table-scroll');
      layouts[width] = await container.getAttribute('data-layout');
      if (layouts[width] === 'table') {
        const fits = await container.evaluate((node) => {
          const table = node.querySelector('table') as HTMLTableElement;
          return table.offsetWidth <= node.clientWidth;
        });
        expect(fits, `${lang} table at ${width} px fits its container`).toBe(true);
      }
      await expect(page.getByText(words.status, { exact: true })).toBeVisible();
      await expect(page.getByText(words.approved, { exact: true })).toBeVisible();
      await expect(page.getByRole('img', { name: words.dot })).toBeVisible();
      expect(await insideViewport(page, '.badge, .unread-dot')).toEqual([]);
      const sideways = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(sideways, `${lang} dashboard at ${width} px scrolls sideways`).toBeLessThanOrEqual(0);
      if (width === 390 || width === 1280) await expectAccessible(page);
    }
    expect(layouts[390]).toBe('cards');
    if (lang === 'en') expect(layouts[1280]).toBe('table');

    // The cards still sort, by a select instead of column headers.
    await page.setViewportSize({ width: 390, height: 900 });
    await openDashboard(page, lang);
    const sortBy = page.getByLabel(lang === 'en' ? 'Sort by' : 'Trier par');
    const firstCard = page.locator('.claim-card').first();
    await expect(sortBy).toHaveValue('claimNumber descending');
    await expect(firstCard).toContainText(words.tbd);
    await sortBy.selectOption('benefitAmount descending');
    await expect(firstCard).not.toContainText(words.tbd);
    await sortBy.selectOption('benefitAmount ascending');
    await expect(firstCard).toContainText(words.tbd);
    await staff.context().close();
  });

  test(`${lang}: the (TBD) explanation on the first claim is whole, over the table header (issue 28 finding 5)`, async ({
    page,
    browser,
  }) => {
    const { staff } = await claimantWithClaims(page, browser);
    for (const width of [1920, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await openDashboard(page, lang);
      const trigger = page.getByRole('button', { name: words.tbd }).first();
      await trigger.hover();
      const tip = page.getByRole('tooltip');
      await expect(tip).toBeVisible();
      const seen = await tip.evaluate((node) => {
        const box = node.getBoundingClientRect();
        const probes: [number, number][] = [
          [box.left + 4, box.top + 4],
          [box.right - 4, box.top + 4],
          [box.left + box.width / 2, box.top + box.height / 2],
          [box.left + 4, box.bottom - 4],
          [box.right - 4, box.bottom - 4],
        ];
        return {
          inView:
            box.top >= 0 &&
            box.left >= 0 &&
            box.right <= document.documentElement.clientWidth &&
            box.bottom <= window.innerHeight,
          // Each corner and the middle are the tooltip's own pixels: nothing covers or clips it.
          covered: probes.filter(([x, y]) => !node.contains(document.elementFromPoint(x, y)))
            .length,
        };
      });
      expect(seen).toEqual({ inView: true, covered: 0 });
      await expectAccessible(page);
      await trigger.press('Escape');
      await expect(tip).toBeHidden();
    }
    await staff.context().close();
  });

  test(`${lang}: the letter downloads under the claimant's name for it, and payment dates keep their day (issue 28 finding 10)`, async ({
    page,
    browser,
  }) => {
    const { staff, decided, claimNumber } = await claimantWithClaims(page, browser);
    await openDashboard(page, lang);
    await page
      .getByRole('button', { name: new RegExp(`${claimNumber}$`) })
      .first()
      .click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByText(words.firstPayment)).toBeVisible();
    const download = page.waitForEvent('download');
    await dialog.getByRole('link', { name: words.letter }).click();
    const saved = await download;
    expect(saved.suggestedFilename()).toBe(`${words.letterName}-${decided.confirmationNumber}.pdf`);
    expect((await readFile(await saved.path())).subarray(0, 5).toString()).toBe('%PDF-');
    await staff.context().close();
  });

  test(`${lang}: a refused API call is titled in the page's language (issue 28 finding 10)`, async ({
    page,
  }) => {
    await page.goto(`/${lang}/`);
    const answer = await page.request.post('/api/claims', {
      headers: { 'x-csrf-token': await csrfToken(page) },
      data: { policyNumber: '' },
    });
    expect([400, 401]).toContain(answer.status());
    expect(answer.headers()['content-type']).toContain('application/problem+json');
    const titles = {
      en: { 400: words.invalidTitle, 401: 'Sign-in required' },
      fr: { 400: words.invalidTitle, 401: 'Connexion requise' },
    }[lang];
    expect((await answer.json()).title).toBe(titles[answer.status() as 400 | 401]);
    const unknown = await page.request.get('/api/nothing-here');
    expect((await unknown.json()).title).toBe(lang === 'en' ? 'Not found' : 'Introuvable');
  });

  test(`${lang}: each claim shows where it is, submitted, in review and decided, with its days (Where am I)`, async ({
    page,
    browser,
  }) => {
    const email = uniqueEmail('timeline');
    await registerVerifiedCustomer(page, email, 'Marie');
    await signInThroughScreens(page, email, '/en/dashboard');
    const { submissionId } = await submitClaimThroughApi(page);
    const today = new Intl.DateTimeFormat(lang === 'en' ? 'en-CA' : 'fr-CA', {
      year: 'numeric',
      month: 'long',
      day: 'numeric',
      timeZone: 'America/Vancouver',
    }).format(new Date());
    const timeline = page.getByRole('region', { name: words.timeline });
    const step = (index: number) => timeline.getByRole('listitem').nth(index);

    await page.goto(`/${lang}/claim/${submissionId}`);
    await expect(step(0)).toContainText(today);
    await expect(step(0)).toHaveAttribute('aria-current', 'step');
    await expect(step(1)).toContainText(words.notYet);
    await expect(step(2)).toContainText(words.notYet);
    await expectAccessible(page);

    const staff = await signInStaff(browser);
    const claimNumber = `T${Date.now() % 10_000_000}`;
    await amendAsStaff(staff, submissionId, { claimNumber, status: 'In Progress' });
    await expect
      .poll(async () => {
        await page.reload();
        return step(1).textContent();
      })
      .toContain(today);
    await expect(step(1)).toContainText(words.inReview);
    await expect(step(1)).toHaveAttribute('aria-current', 'step');
    await expect(step(2)).toContainText(words.notYet);

    await amendAsStaff(staff, submissionId, { status: 'Approved' });
    await expect
      .poll(async () => {
        await page.reload();
        return step(2).textContent();
      })
      .toContain(words.decided);
    await expect(step(2)).toContainText(today);
    await expect(step(2)).toHaveAttribute('aria-current', 'step');
    await expectAccessible(page);
    await staff.context().close();
  });
}

for (const lang of ['en', 'fr'] as const) {
  const words = WORDS[lang];

  test(`${lang}: a document staff asked for links straight to the upload control (Where am I)`, async ({
    page,
    browser,
  }) => {
    const email = uniqueEmail('requested');
    await registerVerifiedCustomer(page, email, 'Marie');
    await signInThroughScreens(page, email, '/en/dashboard');
    const { submissionId } = await submitClaimThroughApi(page);
    const staff = await signInStaff(browser);
    await amendAsStaff(staff, submissionId, {
      claimNumber: `R${Date.now() % 10_000_000}`,
      status: 'Pending',
      additionalReason: ['attendingPhysicianStatement'],
    });

    await expect
      .poll(async () => {
        await page.goto(`/${lang}/claim/${submissionId}`);
        return page.getByRole('region', { name: words.needTitle }).count();
      })
      .toBe(1);
    await islandsHydrated(page);
    const needed = page.getByRole('region', { name: words.needTitle });
    await expect(needed.getByRole('listitem')).toHaveText(new RegExp(words.needed));
    await expectAccessible(page);
    await needed
      .getByRole('link', { name: `${words.sendNow}${words.colon}${words.needed}` })
      .click();
    await expect(page).toHaveURL(/#send-attendingPhysicianStatement$/);
    await expect(page.locator('input[type="file"]')).toBeFocused();
    await expect(page.getByText(words.sending)).toBeVisible();
    await expectAccessible(page);

    // Straight from the address too, as a link in a mail or a bookmark would open it.
    await page.goto('about:blank');
    await page.goto(`/${lang}/claim/${submissionId}#send-attendingPhysicianStatement`);
    await islandsHydrated(page);
    await expect(page.locator('input[type="file"]')).toBeFocused();

    // Decided, the claim asks for nothing more (issue 47), though its reason stays on file.
    await amendAsStaff(staff, submissionId, { status: 'Approved' });
    await staff.context().close();
    await expect
      .poll(async () => {
        await page.goto(`/${lang}/claim/${submissionId}`);
        return page.getByRole('region', { name: words.timeline }).getByText(words.decided).count();
      })
      .toBe(1);
    await expect(page.getByRole('region', { name: words.needTitle })).toHaveCount(0);
    await expect(page.getByRole('link', { name: new RegExp(words.sendNow) })).toHaveCount(0);
    await expect(page.getByText(words.needed)).toHaveCount(0);
  });
}

test('cn on the jupiter tenant: the footer address is written in Chinese (issue 28 finding 10)', async ({
  browser,
}) => {
  const port = Number(process.env.E2E_PORT ?? 4399);
  const context = await browser.newContext({ baseURL: `http://jupiter.localhost:${port}` });
  const page = await context.newPage();
  await page.goto('/cn/contact-us');
  const address = page.locator('footer address');
  await expect(address).toContainText('蒙特利尔');
  expect(await address.textContent()).not.toMatch(/Boulevard|Suite/);
  await context.close();
});
