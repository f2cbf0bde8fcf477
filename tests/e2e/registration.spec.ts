import { expect, type Page, test } from '@playwright/test';
import { registrationBody, VALID_PASSWORD } from '@contracts/identity/testing/identity-fixtures';
import { codeMailedTo, outboxFiles, uniqueEmail } from './support/customers';
import { islandsHydrated, openHydrated } from './support/hydration';

const open = openHydrated;

async function csrfHeaders(page: Page): Promise<Record<string, string>> {
  const cookie = (await page.context().cookies()).find(({ name }) => name === 'csrf_token');
  if (!cookie) throw new Error('no csrf_token cookie: open a page first');
  return { 'x-csrf-token': cookie.value };
}

/** Registers and verifies a customer through the API (the registration page is tested below). */
async function registerVerifiedCustomer(page: Page, email: string) {
  await page.goto('/en/');
  const headers = await csrfHeaders(page);
  const seen = await outboxFiles();
  const registered = await page.request.post('/api/banktech/account_creation', {
    headers,
    data: registrationBody({ email }),
  });
  expect(registered.status()).toBe(201);
  const { userId } = await registered.json();
  const verified = await page.request.post('/api/banktech/verify_user', {
    headers,
    data: { user_id: userId, verification_code: await codeMailedTo(email, seen) },
  });
  expect((await verified.json()).status).toBe('ACCOUNT_OK');
}

/** Signs in through the API with the mailed one-time code; the session cookie lands in the page's context. */
async function signInThroughApi(page: Page, email: string, password: string) {
  await page.goto('/en/');
  const headers = await csrfHeaders(page);
  const { flowId } = await (
    await page.request.post('/api/auth/flows', { headers, data: {} })
  ).json();
  const seen = await outboxFiles();
  const checked = await page.request.post(`/api/auth/flows/${flowId}/password`, {
    headers,
    data: { email, password },
  });
  expect((await checked.json()).status).toBe('OTP_REQUIRED');
  const otp = await codeMailedTo(email, seen);
  const completed = await page.request.post(`/api/auth/flows/${flowId}/otp`, {
    headers,
    data: { otp },
  });
  expect((await completed.json()).status).toBe('COMPLETED');
  const session = await page.request.post('/api/auth/session/initiate', {
    headers,
    data: { flowId },
  });
  expect(session.status()).toBe(200);
}

/** What the password step answers for these credentials (a new flow each time). */
async function passwordCheck(page: Page, email: string, password: string): Promise<string> {
  const headers = await csrfHeaders(page);
  const { flowId } = await (
    await page.request.post('/api/auth/flows', { headers, data: {} })
  ).json();
  const checked = await page.request.post(`/api/auth/flows/${flowId}/password`, {
    headers,
    data: { email, password },
  });
  return (await checked.json()).status;
}

test('registration in French: a wrong postal code is refused in French, then the profile is created and confirmed', async ({
  page,
}) => {
  const email = uniqueEmail('inscription');
  const registrationCalls: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/api/banktech/account_creation')) {
      registrationCalls.push(request.method());
    }
  });

  await open(page, '/fr/add-user');
  await expect(page.getByRole('heading', { level: 1, name: 'Créer votre profil' })).toBeVisible();
  await expect(page.getByRole('group', { name: 'Renseignements personnels' })).toBeVisible();
  await expect(page.getByRole('group', { name: 'Courriel et mot de passe' })).toBeVisible();

  await page.getByLabel('Prénom').fill('Marie-Ève');
  await page.getByLabel('Nom de famille').fill('Tremblay');
  await page.getByLabel('Date de naissance').fill('1980-04-02');
  await expect(page.getByLabel('Institution financière')).toHaveValue('Banque Exemple');
  await expect(page.getByLabel('Institution financière')).toBeDisabled();
  await page.getByLabel('Adresse, ligne 1').fill('123 rue Principale');
  await page.getByLabel('Ville').fill('Montréal');
  await expect(page.getByLabel('Province ou territoire').getByRole('option')).toHaveCount(14);
  await page.getByLabel('Province ou territoire').selectOption('QC');
  await page.getByLabel('Code postal').fill('H2X 1Y');
  await expect(page.getByLabel('Pays')).toHaveValue('Canada');
  await page.getByLabel('Numéro de téléphone').fill('514-555-0100');
  await page.getByLabel('Courriel').fill(email);
  await page.getByLabel('Mot de passe', { exact: true }).fill(VALID_PASSWORD);
  await page.getByLabel('Confirmer le mot de passe').fill(VALID_PASSWORD);

  const requirements = page.getByRole('button', {
    name: 'Afficher les exigences du mot de passe',
  });
  await requirements.click();
  await expect(page.getByText('compter de 8 à 30 caractères')).toBeVisible();
  await page.getByRole('button', { name: 'Masquer les exigences du mot de passe' }).click();
  await expect(page.getByText('compter de 8 à 30 caractères')).toBeHidden();

  const terms = page.getByRole('link', { name: /conditions d’utilisation/ });
  await expect(terms).toHaveAttribute('href', '/fr/declaration-and-authorization');
  await expect(terms).toHaveAttribute('target', '_blank');
  await page.getByRole('checkbox', { name: /J’ai lu et j’accepte/ }).check();

  const create = page.getByRole('button', { name: 'Créer le profil' });
  await create.click();
  const postalCode = page.getByLabel('Code postal');
  await expect(postalCode).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('Veuillez entrer un code postal valide')).toBeVisible();
  await expect(postalCode).toBeFocused();
  await expect(page.getByLabel('Ville')).not.toHaveAttribute('aria-invalid', 'true');
  expect(registrationCalls).toEqual([]);

  const seen = await outboxFiles();
  await postalCode.fill('H2X 1Y4');
  await expect(postalCode).not.toHaveAttribute('aria-invalid', 'true');
  await create.click();

  await expect(page).toHaveURL(/\/fr\/mfa$/);
  expect(registrationCalls).toEqual(['POST']);
  const code = await codeMailedTo(email, seen);
  expect(code).toMatch(/^[a-z2-9]{8}$/);
  await page.getByLabel('Code de vérification').pressSequentially(code);
  await expect(page.getByRole('dialog', { name: 'Votre profil est confirmé' })).toBeVisible();

  // The same email cannot register twice.
  await open(page, '/fr/add-user');
  await page.getByLabel('Prénom').fill('Marie-Ève');
  await page.getByLabel('Nom de famille').fill('Tremblay');
  await page.getByLabel('Date de naissance').fill('1980-04-02');
  await page.getByLabel('Adresse, ligne 1').fill('123 rue Principale');
  await page.getByLabel('Ville').fill('Montréal');
  await page.getByLabel('Province ou territoire').selectOption('QC');
  await page.getByLabel('Code postal').fill('H2X1Y4');
  await page.getByLabel('Numéro de téléphone').fill('5145550100');
  await page.getByLabel('Courriel').fill(email.toUpperCase());
  await page.getByLabel('Mot de passe', { exact: true }).fill(VALID_PASSWORD);
  await page.getByLabel('Confirmer le mot de passe').fill(VALID_PASSWORD);
  await page.getByRole('checkbox', { name: /J’ai lu et j’accepte/ }).check();
  await page.getByRole('button', { name: 'Créer le profil' }).click();
  await expect(page.getByRole('alert')).toContainText(
    'Un compte existe déjà pour cette adresse courriel.',
  );
  await expect(page).toHaveURL(/\/fr\/add-user$/);
});

test('the terms of service have eight headed sections, 14 items in section 3 and 4 in section 5', async ({
  page,
}) => {
  await page.goto('/en/declaration-and-authorization');
  await expect(page.getByRole('heading', { level: 1, name: 'Terms of service' })).toBeVisible();
  const terms = page.getByRole('article');
  await expect(terms.getByRole('heading', { level: 2 })).toHaveCount(8);
  await expect(
    terms.getByRole('region', { name: '3. Your responsibilities' }).getByRole('listitem'),
  ).toHaveCount(14);
  await expect(
    terms.getByRole('region', { name: /^5\. Authorization/ }).getByRole('listitem'),
  ).toHaveCount(4);
});

test('a forgotten password is reset through the forgot and reset pages', async ({ page }) => {
  const email = uniqueEmail('forgot');
  await registerVerifiedCustomer(page, email);

  await open(page, '/en/forgot-password');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('Email is required')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Cancel' })).toHaveAttribute('href', '/en/');

  const seen = await outboxFiles();
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/en\/reset-password$/);
  await islandsHydrated(page);
  await expect(page.getByText(`If a profile exists for ${email}`)).toBeVisible();

  // The resend link waits 120 s after the code was sent.
  await expect(page.getByRole('button', { name: 'Send a new code' })).toBeDisabled();
  await expect(page.getByText(/You can ask for a new code in [12]:\d\d\./)).toBeVisible();

  const recoveryCode = await codeMailedTo(email, seen);
  const newPassword = 'Fresh#Start9';
  await page.getByLabel('Recovery code').fill(recoveryCode);
  await page.getByLabel('New password', { exact: true }).fill(newPassword);
  await page.getByLabel('Confirm new password').fill(`${newPassword}x`);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Passwords do not match')).toBeVisible();
  await expect(page.getByLabel('Confirm new password')).toHaveAttribute('aria-invalid', 'true');

  await page.getByLabel('Confirm new password').fill(newPassword);
  const beforeReset = await outboxFiles();
  await page.getByRole('button', { name: 'Continue' }).click();
  const dialog = page.getByRole('dialog', { name: 'Password reset' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('enter the code we just sent to your email');
  // Spec §3: the success button leads to the verification screen, which finishes sign-in.
  await dialog.getByRole('link', { name: 'Enter the code' }).click();
  await expect(page).toHaveURL(/\/en\/mfa$/);
  await islandsHydrated(page);
  await page.getByLabel('Verification code').fill(await codeMailedTo(email, beforeReset));
  await expect(page).toHaveURL(/\/en\/dashboard$/);

  expect(await passwordCheck(page, email, VALID_PASSWORD)).toBe('INVALID_CREDENTIALS');
  expect(await passwordCheck(page, email, newPassword)).toBe('OTP_REQUIRED');
});

test('in French, the reset success button leads to the verification screen, which signs in (issue 28 finding 9)', async ({
  page,
}) => {
  const email = uniqueEmail('forgot-fr');
  await registerVerifiedCustomer(page, email);
  await open(page, '/fr/forgot-password');
  const seen = await outboxFiles();
  await page.getByLabel('Courriel').fill(email);
  await page.getByRole('button', { name: 'Continuer' }).click();
  await expect(page).toHaveURL(/\/fr\/reset-password$/);
  await islandsHydrated(page);
  const newPassword = 'Nouveau#Depart7';
  await page.getByLabel('Code de récupération').fill(await codeMailedTo(email, seen));
  await page.getByLabel('Nouveau mot de passe', { exact: true }).fill(newPassword);
  await page.getByLabel('Confirmer le nouveau mot de passe').fill(newPassword);
  const beforeReset = await outboxFiles();
  await page.getByRole('button', { name: 'Continuer' }).click();
  const dialog = page.getByRole('dialog', { name: 'Mot de passe réinitialisé' });
  await expect(dialog).toContainText('entrez le code que nous venons de vous envoyer par courriel');
  await dialog.getByRole('link', { name: 'Entrer le code' }).click();
  await expect(page).toHaveURL(/\/fr\/mfa$/);
  await islandsHydrated(page);
  await page.getByLabel('Code de vérification').fill(await codeMailedTo(email, beforeReset));
  await expect(page).toHaveURL(/\/fr\/dashboard$/);
});

test('the profile is for signed-in customers: edit, cancel on tab switch, save, change the password', async ({
  page,
}) => {
  await page.goto('/en/profile');
  await expect(page).toHaveURL(/\/en\/\?next=%2Fen%2Fprofile$/);

  const email = uniqueEmail('profile');
  await registerVerifiedCustomer(page, email);
  await signInThroughApi(page, email, VALID_PASSWORD);

  await open(page, '/en/profile');
  await expect(page.getByRole('heading', { level: 1, name: 'My profile' })).toBeVisible();
  const personal = page.getByRole('tab', { name: 'Personal Information' });
  const account = page.getByRole('tab', { name: 'Email and Password' });
  await expect(personal).toHaveAttribute('aria-selected', 'true');
  const panel = page.getByRole('tabpanel');
  await expect(panel).toContainText('Marie-Ève');
  await expect(panel).toContainText('514-555-0100');

  // Switching tabs cancels editing.
  await page.getByRole('button', { name: 'Update' }).click();
  await expect(page.getByLabel('First name')).toHaveAttribute('readonly', '');
  await page.getByLabel('City').fill('Laval');
  await account.click();
  await expect(panel).toContainText(email);
  await personal.click();
  await expect(page.getByRole('button', { name: 'Update' })).toBeVisible();
  await expect(panel).toContainText('Montréal');

  await page.getByRole('button', { name: 'Update' }).click();
  await page.getByLabel('Postal code').fill('12345');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Please enter a valid postal code')).toBeVisible();
  await page.getByLabel('Postal code').fill('h7n 2b3');
  await page.getByLabel('City').fill('Laval');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'Your profile has been updated.' }),
  ).toBeVisible();
  await expect(panel).toContainText('Laval');
  await expect(panel).toContainText('H7N 2B3');
  await expect(page.getByText('Your profile has been updated.')).toBeHidden({ timeout: 8_000 });

  await account.click();
  await page.getByRole('button', { name: 'Change password' }).click();
  const newPassword = 'Another#Pass7';
  await page.getByLabel('Current password').fill('Not#MyPass1');
  await page.getByLabel('New password', { exact: true }).fill(newPassword);
  await page.getByLabel('Confirm new password').fill(newPassword);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Current password is incorrect')).toBeVisible();

  await page.getByLabel('Current password').fill(VALID_PASSWORD);
  await page.getByRole('button', { name: 'Save' }).click();
  const dialog = page.getByRole('dialog', { name: 'Password changed' });
  await expect(dialog).toContainText('Password changed successfully.');
  expect((await page.request.get('/api/users/me')).status()).toBe(401);
  await dialog.getByRole('link', { name: 'Go to sign in' }).click();
  await expect(page).toHaveURL(/\/en\/\?signedOut=user$/);
  expect(await passwordCheck(page, email, newPassword)).toBe('OTP_REQUIRED');
});
