import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { expect, type Page, test } from '@playwright/test';
import { VALID_PASSWORD } from '@contracts/identity/testing/identity-fixtures';
import { expectAccessible } from './support/accessibility';
import { claimEntries, codeMailedTo, outboxFiles, uniqueEmail } from './support/customers';
import { jpegFile, pdfFile } from './support/documents';
import { amendAsStaff, signInStaff } from './support/staff';
import { islandsHydrated } from './support/hydration';

type Lang = 'en' | 'fr';
const PARTS = ['', 'sign-in.', 'account.', 'faq.', 'pages.', 'wizard.'];

/** The page's own words, from the dictionaries, so the journey reads the same in both languages. */
function wordsIn(lang: Lang): (key: string) => string {
  const dictionary: Record<string, string> = Object.assign(
    {},
    ...PARTS.map((part) => JSON.parse(readFileSync(`site/src/i18n/${part}${lang}.json`, 'utf8'))),
  );
  return (key) => {
    const words = dictionary[key];
    if (words === undefined) throw new Error(`no ${key} in ${lang}`);
    return words;
  };
}

const hydrated = islandsHydrated;

async function registerThroughScreens(page: Page, lang: Lang, email: string) {
  const w = wordsIn(lang);
  await page.goto(`/${lang}/add-user`);
  await hydrated(page);
  const field = (name: string) => page.getByLabel(w(`register.field.${name}`), { exact: true });
  await field('firstName').fill(lang === 'en' ? 'Olivia' : 'Éloïse');
  await field('lastName').fill('Gagnon');
  await field('dateOfBirth').fill('1979-06-15');
  await field('addressLine1').fill('42 rue des Érables');
  await field('city').fill('Sherbrooke');
  await field('province').selectOption('QC');
  await field('postalCode').fill('J1H 2A3');
  await field('phone').fill('819-555-0142');
  await field('email').fill(email);
  await field('password').fill(VALID_PASSWORD);
  await field('reenterPassword').fill(VALID_PASSWORD);
  await page
    .getByRole('checkbox', {
      name: new RegExp(w('register.terms.accept').split(' {link}')[0] as string),
    })
    .check();
  const seen = await outboxFiles();
  await page.getByRole('button', { name: w('register.submit') }).click();
  await expect(page).toHaveURL(new RegExp(`/${lang}/mfa$`));
  await hydrated(page);
  await page.getByLabel(w('mfa.codeLabel')).pressSequentially(await codeMailedTo(email, seen));
  const confirmed = page.getByRole('dialog', { name: w('mfa.successTitle') });
  await expect(confirmed).toBeVisible();
  await confirmed.getByRole('link', { name: w('mfa.successButton') }).click();
}

async function signInThroughScreens(page: Page, lang: Lang, email: string) {
  const w = wordsIn(lang);
  await page.goto(`/${lang}/`);
  await hydrated(page);
  const seen = await outboxFiles();
  await page.getByLabel(w('login.email'), { exact: true }).fill(email);
  await page.getByLabel(w('login.password'), { exact: true }).fill(VALID_PASSWORD);
  await page.getByRole('button', { name: w('login.submit') }).click();
  await expect(page).toHaveURL(new RegExp(`/${lang}/mfa$`));
  await hydrated(page);
  await page.getByLabel(w('mfa.codeLabel')).pressSequentially(await codeMailedTo(email, seen));
  await expect(page).toHaveURL(new RegExp(`/${lang}/dashboard$`));
}

async function wizardWithThreeFiles(page: Page, lang: Lang): Promise<string> {
  const w = wordsIn(lang);
  const policyNumber = `J${lang.toUpperCase()}-${Date.now() % 1_000_000}`;
  await page
    .getByRole('link', { name: w('dashboard.submitClaim') })
    .first()
    .click();
  await hydrated(page);
  await page.getByRole('button', { name: w('wizard.intro.proceed') }).click();
  await page.getByLabel(w('addClaim.policyNumber'), { exact: true }).fill(policyNumber);
  await page.getByLabel(w('addClaim.product'), { exact: true }).selectOption('210');
  await page.getByLabel(w('addClaim.productType'), { exact: true }).selectOption('Mortgage');
  await page.getByRole('button', { name: w('wizard.next') }).click();
  await page.getByRole('radio', { name: new RegExp(w('claims.claimType.Disability')) }).check();
  await page.getByRole('button', { name: w('wizard.next') }).click();
  const pick = (group: string) =>
    page.getByRole('group', { name: w(group) }).getByLabel(w('upload.choose'));
  await pick('wizard.kind.claim').setInputFiles({
    name: 'claim-form.pdf',
    mimeType: 'application/pdf',
    buffer: pdfFile('Claim form'),
  });
  await expect(
    page.getByText(w('wizard.uploaded').replace('{names}', 'claim-form.pdf')),
  ).toBeVisible();
  await pick('wizard.kind.physician').setInputFiles({
    name: 'physician.pdf',
    mimeType: 'application/pdf',
    buffer: pdfFile('Attending physician statement'),
  });
  await expect(
    page.getByText(w('wizard.uploaded').replace('{names}', 'physician.pdf')),
  ).toBeVisible();
  await pick('wizard.kind.supporting').setInputFiles({
    name: 'hospital-note.jpg',
    mimeType: 'image/jpeg',
    buffer: await jpegFile(page, 300, 200),
  });
  await expect(
    page.getByText(w('wizard.uploaded').replace('{names}', 'hospital-note.jpg')),
  ).toBeVisible();
  await page.getByRole('button', { name: w('wizard.next') }).click();
  await page.getByRole('button', { name: w('wizard.submit') }).click();
  await expect(page.getByRole('heading', { name: w('wizard.submitted.title') })).toBeVisible();
  await page.getByRole('link', { name: w('addClaim.returnToDashboard') }).click();
  return policyNumber;
}

for (const lang of ['en', 'fr'] as const) {
  test(`the whole claimant journey in ${lang}: register, sign in, claim, documents, decision letter, profile, sign out`, async ({
    page,
    browser,
  }) => {
    test.setTimeout(120_000);
    const w = wordsIn(lang);
    const email = uniqueEmail(`journey-${lang}`);
    await registerThroughScreens(page, lang, email);
    await signInThroughScreens(page, lang, email);

    await wizardWithThreeFiles(page, lang);
    const row = claimEntries(page).filter({ hasText: w('claims.claimType.Disability') });
    await expect(row).toContainText(w('claims.tbd'));
    const claim = (await (await page.request.get('/api/claims')).json()).claims[0];

    // Details modal, and one more document sent from it.
    await row.getByRole('button', { name: new RegExp(w('claims.viewDetails')) }).click();
    let details = page.getByRole('dialog');
    await expect(details).toContainText(claim.confirmationNumber);
    await expect(details.getByText('claim-form.pdf')).toBeVisible();
    await details.getByLabel(w('upload.choose')).setInputFiles({
      name: 'pharmacy-receipt.pdf',
      mimeType: 'application/pdf',
      buffer: pdfFile('Pharmacy receipt'),
    });
    await details.getByRole('button', { name: w('upload.submit'), exact: true }).click();
    await expect(details.getByRole('status')).toContainText('pharmacy-receipt.pdf');
    await expectAccessible(page);
    await details.getByRole('button', { name: w('claims.close') }).click();

    // Staff approve it with a letter; the claimant sees the dot and gets the same bytes.
    const staff = await signInStaff(browser);
    const claimNumber = `J${Date.now() % 10_000_000}`;
    const letter = pdfFile(`Decision for ${claimNumber}`);
    await amendAsStaff(staff, claim.submissionId, {
      claimNumber,
      status: 'Approved',
      benefitAmount: '980.25',
      decisionLetter: {
        name: 'decision.pdf',
        data: `data:application/pdf;base64,${letter.toString('base64')}`,
      },
    });
    await staff.context().close();
    await page.reload();
    const approved = claimEntries(page).filter({ hasText: claimNumber });
    await expect(approved.getByRole('img', { name: w('claims.unreadLetter') })).toBeVisible();
    await approved.getByRole('button', { name: new RegExp(w('claims.viewDetails')) }).click();
    details = page.getByRole('dialog', {
      name: w('claims.details.title').replace('{claim}', claimNumber),
    });
    const download = page.waitForEvent('download');
    await details.getByRole('link', { name: w('claims.details.letter') }).click();
    // Its safe copy (decision 127): an image-only PDF drawn from the letter staff uploaded.
    const copy = await readFile(await (await download).path());
    expect(copy.toString('latin1')).toMatch(/^%PDF-[\s\S]*\/Subtype\s*\/Image/);
    expect(Buffer.compare(copy, letter)).not.toBe(0);
    await details.getByRole('button', { name: w('claims.close') }).click();
    await expect(approved.getByRole('img', { name: w('claims.unreadLetter') })).toHaveCount(0);

    // Profile edit through the header's account menu.
    const account = page.getByRole('navigation', { name: w('header.accountNavLabel') });
    await account.getByRole('button', { name: new RegExp(w('header.accountMenu')) }).click();
    await account.getByRole('link', { name: w('header.profile') }).click();
    await expect(page).toHaveURL(new RegExp(`/${lang}/profile$`));
    await hydrated(page);
    await page
      .getByRole('button', { name: w('profile.update') })
      .first()
      .click();
    await page.getByLabel(w('register.field.city'), { exact: true }).fill('Magog');
    await page.getByRole('button', { name: w('profile.save') }).click();
    await expect(page.getByText(w('profile.success'))).toBeVisible();
    await expect(page.getByText('Magog')).toBeVisible();

    await account.getByRole('button', { name: new RegExp(w('header.accountMenu')) }).click();
    await account.getByRole('button', { name: w('header.signOut') }).click();
    await expect(page).toHaveURL(new RegExp(`/${lang}/\\?signedOut=user$`));
    expect((await page.request.get('/api/users/me')).status()).toBe(401);
  });
}
