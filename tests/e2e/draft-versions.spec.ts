import { type BrowserContext, expect, type Page, test } from '@playwright/test';
import { expectAccessible } from './support/accessibility';
import { csrfToken, signedInCustomer } from './support/customers';
import { pdfFile } from './support/documents';
import { openHydrated } from './support/hydration';

/** Decision 121: one draft in two tabs, a draft submitted elsewhere, a lost upload answer. */

const WORDS = {
  en: {
    change: /^Change/,
    policy: 'Policy number',
    next: 'Next',
    submit: 'Submit claim',
    summary: 'Review and submit',
    submitted: 'Claim submitted',
    changedTitle: 'This claim was changed in another tab or window',
    theirs: (value: string) => `In the other tab: ${value}`,
    mine: (value: string) => `On this page: ${value}`,
    takeTheirs: "Use the other tab's answers",
    keepMine: 'Keep my answers',
    closedTitle: 'This claim was already submitted',
    openClaim: 'See the claim',
    claimForm: 'Claim form',
    choose: 'choose files',
    attachedOne: 'Attached: 1 of 5 files',
    attachedTwo: 'Attached: 2 of 5 files',
    arrived: 'was sent and is attached',
    supporting: 'Supporting documents',
    unknown: (name: string) => `We could not tell whether ${name} was sent.`,
  },
  fr: {
    change: /^Modifier/,
    policy: 'Numéro de police',
    next: 'Suivant',
    submit: 'Soumettre la réclamation',
    summary: 'Vérifier et soumettre',
    submitted: 'Réclamation soumise',
    changedTitle: 'Cette réclamation a été modifiée dans un autre onglet ou une autre fenêtre',
    theirs: (value: string) => `Dans l’autre onglet : ${value}`,
    mine: (value: string) => `Sur cette page : ${value}`,
    takeTheirs: 'Prendre les réponses de l’autre onglet',
    keepMine: 'Garder mes réponses',
    closedTitle: 'Cette réclamation a déjà été soumise',
    openClaim: 'Voir la réclamation',
    claimForm: 'Formulaire de réclamation',
    choose: 'choisissez des fichiers',
    attachedOne: 'Joints : 1 fichier sur 5',
    attachedTwo: 'Joints : 2 fichiers sur 5',
    arrived: 'a été envoyé et il est joint',
    supporting: 'Pièces justificatives',
    unknown: (name: string) => `Nous ne savons pas si ${name} a été envoyé.`,
  },
} as const;

type Lang = keyof typeof WORDS;

async function saveDraftAt(page: Page, step: number, policyNumber: string) {
  const saved = await page.request.put('/api/claims/draft', {
    headers: { 'x-csrf-token': await csrfToken(page), 'if-match': '"new"' },
    data: {
      step,
      answers: {
        policyNumber,
        productCode: '210',
        productType: 'Mortgage',
        claimType: 'Job Loss',
        claimDescription: 'Laid off.',
        employerFormChecked: true,
        physicianStatementChecked: false,
      },
    },
  });
  expect(saved.status(), await saved.text()).toBe(200);
}

const ownClaims = async (page: Page) =>
  (await (await page.request.get('/api/claims')).json()).claims as {
    submissionId: string;
    policyNumber: string;
  }[];

const draftEtag = async (page: Page) =>
  (await (await page.request.get('/api/claims/draft')).json()).etag as string;

async function secondTab(context: BrowserContext, path: string) {
  const tab = await context.newPage();
  await openHydrated(tab, path);
  return tab;
}

for (const lang of ['en', 'fr'] as const satisfies readonly Lang[]) {
  const w = WORDS[lang];

  test(`two tabs on one draft end with one claim holding what its submitter saw (${lang})`, async ({
    page,
  }) => {
    await signedInCustomer(page, `two-tabs-${lang}`);
    const old = `OLD-${Date.now() % 1_000_000}`;
    const changed = `NEW-${Date.now() % 1_000_000}`;
    await saveDraftAt(page, 5, old);
    await openHydrated(page, `/${lang}/add-claim`);
    const tabB = await secondTab(page.context(), `/${lang}/add-claim`);
    await expect(tabB.getByRole('heading', { name: w.summary })).toBeVisible();

    // Tab A changes the policy number on the review page and comes back to it.
    await page.getByRole('button', { name: w.change }).first().click();
    await page.getByLabel(w.policy).fill(changed);
    for (let i = 0; i < 3; i += 1) await page.getByRole('button', { name: w.next }).click();
    await expect(page.getByRole('heading', { name: w.summary })).toBeVisible();

    // Tab B, still showing the old number, presses Submit: it is told what changed, nothing made.
    await tabB.getByRole('button', { name: w.submit }).click();
    const notice = tabB.getByRole('alert').filter({ hasText: w.changedTitle });
    await expect(notice).toBeVisible();
    await expect(notice).toContainText(w.theirs(changed));
    await expect(notice).toContainText(w.mine(old));
    await expectAccessible(tabB);
    expect(await ownClaims(page)).toEqual([]);

    // en keeps its own answers, fr takes the other tab's and reviews them before submitting.
    let expected: string = old;
    if (lang === 'en') {
      await notice.getByRole('button', { name: w.keepMine }).click();
    } else {
      await notice.getByRole('button', { name: w.takeTheirs }).click();
      await expect(tabB.getByText(changed)).toBeVisible();
      expected = changed;
      await tabB.getByRole('button', { name: w.submit }).click();
    }
    await expect(tabB.getByRole('heading', { name: w.submitted })).toBeVisible();

    // Tab A, now stale, presses Submit: already submitted, with the number and a link.
    await page.getByRole('button', { name: w.submit }).click();
    const closed = page.getByRole('alert').filter({ hasText: w.closedTitle });
    await expect(closed).toBeVisible();
    await expectAccessible(page);
    const claims = await ownClaims(page);
    expect(claims).toEqual([expect.objectContaining({ policyNumber: expected })]);
    const [claim] = claims;
    await expect(closed.getByRole('link', { name: w.openClaim })).toHaveAttribute(
      'href',
      `/${lang}/claim/${claim?.submissionId}`,
    );
    const summary = await (await page.request.get(`/api/claims/${claim?.submissionId}`)).json();
    await expect(closed).toContainText(summary.confirmationNumber);
    expect(await draftEtag(page)).toBe('"new"');
  });

  test(`a stale tab's Next after the claim was submitted creates nothing (${lang})`, async ({
    page,
  }) => {
    await signedInCustomer(page, `stale-next-${lang}`);
    await saveDraftAt(page, 2, `ST-${Date.now() % 1_000_000}`);
    await openHydrated(page, `/${lang}/add-claim`);
    const tabB = await secondTab(page.context(), `/${lang}/add-claim`);
    for (let i = 0; i < 3; i += 1) await tabB.getByRole('button', { name: w.next }).click();
    await tabB.getByRole('button', { name: w.submit }).click();
    await expect(tabB.getByRole('heading', { name: w.submitted })).toBeVisible();

    await page.getByLabel(w.policy).fill('LATE-1');
    await page.getByRole('button', { name: w.next }).click();
    await expect(page.getByRole('alert').filter({ hasText: w.closedTitle })).toBeVisible();
    expect(await ownClaims(page)).toHaveLength(1);
    expect(await draftEtag(page)).toBe('"new"');
  });

  test(`an upload whose answer was lost shows what the server holds without a reload (${lang})`, async ({
    page,
  }) => {
    await signedInCustomer(page, `lost-upload-${lang}`);
    await saveDraftAt(page, 4, `UP-${Date.now() % 1_000_000}`);
    await openHydrated(page, `/${lang}/add-claim`);
    await page.evaluate(() => Object.assign(window, { notReloaded: true }));
    // The request reaches the server, which stores the file; its answer never reaches the page.
    let lost = 0;
    await page.route('**/api/claims/draft/documents', async (route) => {
      if (route.request().method() !== 'POST' || lost > 0) return route.continue();
      lost += 1;
      const answer = await route.fetch();
      expect(answer.status()).toBe(201);
      await route.abort('connectionreset');
    });
    await page
      .getByRole('group', { name: w.claimForm })
      .getByLabel(w.choose)
      .setInputFiles({ name: 'form.pdf', mimeType: 'application/pdf', buffer: pdfFile('Lost') });

    await expect(page.getByText(w.attachedOne)).toBeVisible();
    await expect(page.getByText(`form.pdf ${w.arrived}`)).toBeVisible();
    expect(lost).toBe(1);
    expect(await page.evaluate(() => (window as { notReloaded?: boolean }).notReloaded)).toBe(true);
    const held = await (await page.request.get('/api/claims/draft')).json();
    expect(held.documents.map((d: { fileName: string }) => d.fileName)).toEqual(['form.pdf']);

    // Lost again, and the draft cannot be re-read either: the page says it cannot tell; the
    // same file chosen again goes under the same key, so the server answers with what it kept.
    let unread = 0;
    await page.route('**/api/claims/draft', (route) =>
      route.request().method() === 'GET' && unread++ === 0 ? route.abort() : route.continue(),
    );
    lost = 0;
    const stub = { name: 'stub.pdf', mimeType: 'application/pdf', buffer: pdfFile('Stub') };
    const supporting = page.getByRole('group', { name: w.supporting }).getByLabel(w.choose);
    await supporting.setInputFiles(stub);
    await expect(page.getByText(w.unknown('stub.pdf'))).toBeVisible();
    await expect(page.getByText(w.attachedOne)).toBeVisible();
    await supporting.setInputFiles(stub);
    await expect(page.getByText(w.attachedTwo)).toBeVisible();
    expect(lost).toBe(1);
    const after = await (await page.request.get('/api/claims/draft')).json();
    expect(after.documents.map((d: { fileName: string }) => d.fileName)).toEqual([
      'form.pdf',
      'stub.pdf',
    ]);
  });
}
