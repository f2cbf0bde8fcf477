import { expectAccessible } from './support/accessibility';
import { expect, test } from '@playwright/test';
import { VALID_PASSWORD } from '@contracts/identity/testing/identity-fixtures';
import {
  codeMailedTo,
  outboxFiles,
  registerVerifiedCustomer,
  signInThroughScreens,
  uniqueEmail,
} from './support/customers';

test('a registered customer signs in with a mailed code, lands on the dashboard and signs out', async ({
  page,
}) => {
  const email = uniqueEmail('sign-in');
  const firstName = 'Anne-Sophie';
  await registerVerifiedCustomer(page, email, firstName);

  await page.goto('/en/');
  await expect(page.getByRole('link', { name: 'Forgot your password?' })).toHaveAttribute(
    'href',
    '/en/forgot-password',
  );
  await expect(page.getByRole('link', { name: 'Create a profile' })).toHaveAttribute(
    'href',
    '/en/add-user',
  );
  const seen = await outboxFiles();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(VALID_PASSWORD);
  await page.getByLabel('Password').press('Enter');

  await expect(page).toHaveURL(/\/en\/mfa$/);
  await expect(page.getByRole('heading', { name: 'Two-step verification' })).toBeVisible();
  await expect(page.getByText('Check your spam or junk folder')).toBeVisible();
  const code = await codeMailedTo(email, seen);
  expect(code).toMatch(/^\d{6}$/);
  // A wrong code is refused (a 400 naming the field) with words, and the right one still works.
  const wrong = code === '000000' ? '111111' : '000000';
  const refused = page.waitForResponse((r) => r.url().endsWith('/otp'));
  await page.getByLabel('Verification code').pressSequentially(wrong);
  expect((await refused).status()).toBe(400);
  await expect(page.getByText('The code is incorrect. Please try again.')).toBeVisible();
  await page.getByLabel('Verification code').fill('');
  // Complete codes are sent without a click.
  await page.getByLabel('Verification code').pressSequentially(code);

  await expect(page).toHaveURL(/\/en\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(firstName);
  // Desktop: profile and sign out sit in a menu under the claimant's first name.
  const account = page.getByRole('navigation', { name: 'My account' });
  const accountMenu = account.getByRole('button', { name: `${firstName}, account menu` });
  await expect(account.getByRole('link', { name: 'Profile' })).toBeHidden();
  await accountMenu.click();
  await expect(accountMenu).toHaveAttribute('aria-expanded', 'true');
  await expect(account.getByRole('link', { name: 'Profile' })).toHaveAttribute(
    'href',
    '/en/profile',
  );
  await expectAccessible(page);
  await page.keyboard.press('Escape');
  await expect(account.getByRole('link', { name: 'Profile' })).toBeHidden();
  await expect(accountMenu).toBeFocused();
  expect((await page.request.get('/api/users/me')).status()).toBe(200);

  // The login screen sends a signed-in customer to the dashboard.
  await page.goto('/en/');
  await expect(page).toHaveURL(/\/en\/dashboard$/);

  await accountMenu.click();
  await account.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/en\/\?signedOut=user$/);
  await expect(
    page.getByRole('status').filter({ hasText: 'Your session has ended.' }),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sign out' })).toHaveCount(0);
  expect((await page.request.get('/api/users/me')).status()).toBe(401);
});

test('a wrong password shows the login error and stays on the login screen', async ({ page }) => {
  const email = uniqueEmail('wrong-password');
  await registerVerifiedCustomer(page, email, 'Benoît');

  await page.goto('/en/');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(`${VALID_PASSWORD}x`);
  await page.getByRole('button', { name: 'Sign in' }).click();

  await expect(page.getByRole('alert')).toHaveText('The email or password is incorrect.');
  await expect(page).toHaveURL(/\/en\/$/);
});

test('an empty login form names the missing fields in French', async ({ page }) => {
  await page.goto('/fr/');
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page.getByLabel('Courriel')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('L’adresse courriel est obligatoire')).toBeVisible();
  await expect(page.getByLabel('Mot de passe')).toHaveAttribute('aria-invalid', 'true');
});

test('the verification screen without a flow in progress leads back home', async ({ page }) => {
  await page.goto('/fr/mfa');
  await expect(page.getByRole('alert')).toContainText('Aucune vérification n’est en cours');
  await page.getByRole('link', { name: 'Retour à l’accueil' }).click();
  await expect(page).toHaveURL(/\/fr\/$/);
});

test('after 11 idle minutes a countdown offers to extend the session; at zero it ends', async ({
  page,
}) => {
  const email = uniqueEmail('idle');
  await registerVerifiedCustomer(page, email, 'Éloïse');
  // The page a protected route came from (`next`) is where sign-in ends.
  await signInThroughScreens(page, email, '/en/add-claim');
  await page.clock.install();
  await page.reload();

  const dialog = page.getByRole('dialog', { name: 'Your session is about to expire' });
  await expect(dialog).toBeHidden();
  await page.clock.fastForward('10:59');
  await expect(dialog).toBeHidden();
  await page.clock.fastForward('00:02');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Extend' })).toBeFocused();
  const timer = dialog.getByRole('timer');
  await expect(timer).toHaveText(/^[12]:\d\d$/);
  await expect(timer).not.toHaveClass(/countdown--urgent/);

  await page.clock.fastForward('01:31');
  await expect(timer).toHaveText(/^0:[0-2]\d$/);
  await expect(timer).toHaveClass(/countdown--urgent/);
  await dialog.getByRole('button', { name: 'Extend' }).click();
  await expect(dialog).toBeHidden();
  expect((await page.request.get('/api/users/me')).status()).toBe(200);

  await page.clock.fastForward('13:01');
  // Signed out where they were, to come back to it after signing in again (issue 47).
  await expect(page).toHaveURL(/\/en\/\?signedOut=idle&next=%2Fen%2Fadd-claim$/);
  await expect(page.getByRole('status')).toHaveText(
    'For your security, your session ended after a period of inactivity.',
  );
  expect((await page.request.get('/api/users/me')).status()).toBe(401);
});

test('on a phone, one Menu button opens the FAQ, account and language links, by keyboard', async ({
  page,
}) => {
  const email = uniqueEmail('mobile-menu');
  await registerVerifiedCustomer(page, email, 'Noé');
  await signInThroughScreens(page, email, '/en/dashboard');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/fr/dashboard');
  const menu = page.getByRole('button', { name: 'Menu' });
  await expect(page.getByRole('link', { name: 'FAQ' })).toBeHidden();
  await menu.focus();
  await page.keyboard.press('Enter');
  await expect(menu).toHaveAttribute('aria-expanded', 'true');
  const account = page.getByRole('navigation', { name: 'Mon compte' });
  await expect(account.getByRole('link', { name: 'Profil' })).toBeVisible();
  await expect(account.getByRole('button', { name: 'Se déconnecter' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'English' })).toBeVisible();
  await expectAccessible(page);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.keyboard.press('Escape');
  await expect(menu).toBeFocused();
  await expect(account.getByRole('link', { name: 'Profil' })).toBeHidden();
  await menu.click();
  await account.getByRole('link', { name: 'Profil' }).click();
  await expect(page).toHaveURL(/\/fr\/profile$/);
});
