import { expect, type Page, test } from '@playwright/test';
import { expectAccessible } from './support/accessibility';
import { csrfToken, signedInCustomer, submitClaimThroughApi } from './support/customers';
import { jpegFile } from './support/documents';

/** A WebP header: an image type the portal does not take. */
const webpFile = () =>
  Buffer.concat([
    Buffer.from('RIFF'),
    Buffer.from([0x24, 0, 0, 0]),
    Buffer.from('WEBPVP8 '),
    Buffer.alloc(32),
  ]);

const stagedNames = async (page: Page) =>
  (
    (await (await page.request.get('/api/claims/draft')).json()).documents as {
      fileName: string;
    }[]
  ).map((d) => d.fileName);

/** A draft saved at the Documents step, as the wizard saves it. */
async function draftAtDocuments(page: Page) {
  const saved = await page.request.put('/api/claims/draft', {
    headers: { 'x-csrf-token': await csrfToken(page), 'if-match': '"new"' },
    data: {
      step: 4,
      answers: {
        policyNumber: `UC-${Date.now() % 1_000_000}`,
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
}

test('a JPEG and a WebP chosen together in the claim modal: the JPEG is kept, the WebP refused with its reason (en)', async ({
  page,
}) => {
  await signedInCustomer(page, 'choice-modal');
  const { submissionId } = await submitClaimThroughApi(page);
  await page.goto('/en/dashboard');
  await page
    .getByRole('button', { name: /^Add documents to claim / })
    .first()
    .click();
  const dialog = page.getByRole('dialog', { name: /^Add documents to claim / });
  await dialog.getByLabel('choose files').setInputFiles([
    { name: 'receipt.jpg', mimeType: 'image/jpeg', buffer: await jpegFile(page, 200, 120) },
    { name: 'photo.webp', mimeType: 'image/webp', buffer: webpFile() },
  ]);
  await expect(dialog.getByRole('alert')).toHaveText(
    'File "photo.webp" is not a supported file type. Only PDF, JPG, and PNG files are allowed.',
  );
  const chosen = dialog.getByRole('list').filter({ hasText: 'receipt.jpg' });
  await expect(chosen.getByRole('listitem')).toHaveCount(1);
  await expect(dialog.getByText('photo.webp', { exact: true })).toHaveCount(0);
  // The error list keeps its list semantics inside the live region (issue 28 finding 6).
  await expectAccessible(page);

  await dialog.getByRole('button', { name: 'Submit' }).click();
  await expect(dialog.getByRole('status')).toHaveText('Thank you. We received: receipt.jpg.');
  const claim = await (await page.request.get(`/api/claims/${submissionId}`)).json();
  expect(claim.documentCount).toBe(1);
});

test('a JPEG and a WebP chosen together in the wizard: the JPEG is staged, the WebP refused with its reason (fr)', async ({
  page,
}) => {
  await signedInCustomer(page, 'choice-wizard');
  await draftAtDocuments(page);
  await page.goto('/fr/add-claim');
  await expect(page.getByRole('heading', { name: 'Documents', level: 2 })).toBeVisible();
  const group = page.getByRole('group', { name: 'Pièces justificatives' });
  await group.getByLabel('choisissez des fichiers').setInputFiles([
    { name: 'reçu.jpg', mimeType: 'image/jpeg', buffer: await jpegFile(page, 200, 120) },
    { name: 'photo.webp', mimeType: 'image/webp', buffer: webpFile() },
  ]);
  await expect(page.getByText('Enregistré : reçu.jpg.')).toBeVisible();
  await expect(page.getByRole('alert')).toHaveText(
    'Le fichier « photo.webp » n’est pas d’un type accepté. Seuls les fichiers PDF, JPG et PNG sont acceptés.',
  );
  await expect(group).toContainText('reçu.jpg');
  await expectAccessible(page);
  expect(await stagedNames(page)).toEqual(['reçu.jpg']);
});

test('the upload icon opens the modal with focus on the file control, in English and French (issue 28 finding 10)', async ({
  page,
}) => {
  await signedInCustomer(page, 'upload-focus');
  await submitClaimThroughApi(page);
  for (const [lang, opener, choose] of [
    ['en', /^Add documents to claim /, 'choose files'],
    ['fr', /^Ajouter des documents à la réclamation /, 'choisissez des fichiers'],
  ] as const) {
    await page.goto(`/${lang}/dashboard`);
    await page.getByRole('button', { name: opener }).first().click();
    const dialog = page.getByRole('dialog', { name: opener });
    await expect(dialog.getByLabel(choose)).toBeFocused();
  }
});
