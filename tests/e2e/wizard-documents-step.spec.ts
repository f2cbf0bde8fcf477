import { expect, type Page, test } from '@playwright/test';
import { expectAccessible } from './support/accessibility';
import { csrfToken, signedInCustomer } from './support/customers';
import { pdfFile } from './support/documents';

/** A Disability draft saved at the Documents step, as the wizard saves it. */
async function disabilityDraftAtDocuments(page: Page) {
  const saved = await page.request.put('/api/claims/draft', {
    headers: { 'x-csrf-token': await csrfToken(page), 'if-match': '"new"' },
    data: {
      step: 4,
      answers: {
        policyNumber: `DS-${Date.now() % 1_000_000}`,
        productCode: '110',
        productType: 'Loans',
        claimType: 'Disability',
        claimDescription: 'Back injury.',
        employerFormChecked: false,
        physicianStatementChecked: false,
      },
    },
  });
  expect(saved.status()).toBe(200);
}

test('a missing physician statement is found at the Documents step’s Next, not at Submit (fr)', async ({
  page,
}) => {
  await signedInCustomer(page, 'statement-next');
  await disabilityDraftAtDocuments(page);
  await page.goto('/fr/add-claim');
  await expect(page.getByRole('heading', { name: 'Documents', level: 2 })).toBeVisible();
  await page.getByRole('button', { name: 'Suivant' }).click();
  await expect(
    page.getByRole('alert').filter({
      hasText:
        'Veuillez joindre la déclaration du médecin ou confirmer qu’elle sera transmise directement à l’équipe des réclamations.',
    }),
  ).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: 'Certaines réponses' })).toBeVisible();
  const direct = page.getByRole('checkbox', { name: /Mon médecin transmettra/ });
  await expect(direct).toBeFocused();
  await expectAccessible(page);
  expect((await (await page.request.get('/api/claims/draft')).json()).step).toBe(4);

  await direct.check();
  await expect(page.getByRole('alert').filter({ hasText: 'Veuillez joindre' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Suivant' }).click();
  await expect(page.getByRole('heading', { name: 'Vérifier et soumettre' })).toBeVisible();
});

test('the attachments counter speaks each language: "1 fichier", "0,1 Mo" in French (issue 28 finding 8)', async ({
  page,
}) => {
  await signedInCustomer(page, 'counter-plural');
  await disabilityDraftAtDocuments(page);
  await page.goto('/fr/add-claim');
  await expect(page.getByText('Joints : 0 fichier sur 5, 0 Mo sur 4.')).toBeVisible();
  const staged = await page.request.post('/api/claims/draft/documents', {
    headers: { 'x-csrf-token': await csrfToken(page) },
    data: {
      kind: 'claim',
      attachments: [
        {
          name: 'formulaire.pdf',
          data: `data:application/pdf;base64,${pdfFile('Formulaire').toString('base64')}`,
        },
      ],
    },
  });
  expect(staged.status()).toBe(201);
  await page.reload();
  await expect(page.getByText('Joints : 1 fichier sur 5, 0,1 Mo sur 4.')).toBeVisible();
  await page.goto('/en/add-claim');
  await expect(page.getByText('Attached: 1 of 5 files, 0.1 of 4 MB.')).toBeVisible();
});

test('the dashboard names a saved draft with a link back to its step, in English and French (issue 28 finding 10)', async ({
  page,
}) => {
  await signedInCustomer(page, 'draft-card');
  await page.goto('/en/dashboard');
  await expect(page.getByRole('heading', { name: 'Your claim in progress' })).toHaveCount(0);
  await disabilityDraftAtDocuments(page);
  await page.goto('/fr/dashboard');
  await expect(page.getByRole('heading', { name: 'Votre réclamation en cours' })).toBeVisible();
  await expect(
    page.getByRole('link', { name: 'Continuer votre réclamation (étape 3 de 5)' }),
  ).toBeVisible();
  await page.goto('/en/dashboard');
  await expectAccessible(page);
  await page.getByRole('link', { name: 'Continue your claim (step 3 of 5)' }).click();
  await expect(page).toHaveURL(/\/en\/add-claim$/);
  await expect(page.getByRole('heading', { name: 'Documents', level: 2 })).toBeVisible();
});
