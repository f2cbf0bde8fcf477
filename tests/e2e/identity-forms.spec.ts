import { readFileSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { type IdentityMessageCode, identityMessage } from '@contracts/identity/messages';
import { expectAccessible } from './support/accessibility';
import { registerVerifiedCustomer, signInThroughScreens, uniqueEmail } from './support/customers';
import { islandsHydrated, openHydrated } from './support/hydration';

/**
 * The identity screens on the one form toolkit: sent empty by keyboard, each names what is
 * wrong under the field, in the page's language, wires it to the control and puts focus on
 * the first field in error; axe finds nothing in that state either.
 */

/** The focused control is invalid and described by a non-empty error: its words. */
async function focusedError(page: Page, id: string): Promise<string> {
  const control = page.locator(`#${id}`);
  await expect(control).toBeFocused();
  await expect(control).toHaveAttribute('aria-invalid', 'true');
  await expect(control).toHaveAttribute('aria-describedby', new RegExp(`\\b${id}-error\\b`));
  const error = page.locator(`#${id}-error`);
  await expect(error).not.toBeEmpty();
  return (await error.textContent()) ?? '';
}

/** Sends the form by keyboard: Enter on its submit button. */
async function sendByKeyboard(page: Page, button: string) {
  await page.getByRole('button', { name: button, exact: true }).focus();
  await page.keyboard.press('Enter');
}

/** Opens a page whose island reads a flow from this tab's storage, with that flow stored. */
async function openWithFlow(page: Page, path: string, key: string, flow: object) {
  await page.goto(path);
  await page.evaluate(({ k, v }) => sessionStorage.setItem(k, v), {
    k: key,
    v: JSON.stringify(flow),
  });
  await page.reload();
  await islandsHydrated(page);
}

const PORT = Number(process.env.E2E_PORT ?? 4399);

/** Chinese is the jupiter tenant's (site/src/routing/language.ts). */
const LANGUAGES = [
  { lang: 'en', host: undefined, signIn: 'Sign in', register: 'Create profile', next: 'Continue' },
  {
    lang: 'fr',
    host: undefined,
    signIn: 'Se connecter',
    register: 'Créer le profil',
    next: 'Continuer',
  },
  {
    lang: 'cn',
    host: `http://jupiter.localhost:${PORT}`,
    signIn: '登录',
    register: '创建个人资料',
    next: '继续',
  },
] as const;

/** The sign-in screens' words in a language, as its dictionary has them. */
function signInWords(lang: string): (key: string) => string {
  const words: Record<string, string> = JSON.parse(
    readFileSync(`site/src/i18n/sign-in.${lang}.json`, 'utf8'),
  );
  return (key) => {
    const word = words[key];
    if (word === undefined) throw new Error(`sign-in.${lang}.json has no ${key}`);
    return word;
  };
}

for (const { lang, host, ...button } of LANGUAGES) {
  test(`each identity form sent empty by keyboard (${lang}): errors in ${lang} under the fields, focus on the first, axe clean`, async ({
    browser,
  }) => {
    test.setTimeout(90_000);
    const context = await browser.newContext(host ? { baseURL: host } : {});
    const page = await context.newPage();
    const word = signInWords(lang);
    const identity = (code: IdentityMessageCode) => identityMessage(code, lang);

    await openHydrated(page, `/${lang}/`);
    await sendByKeyboard(page, button.signIn);
    expect(await focusedError(page, 'login-email')).toBe(word('login.emailRequired'));
    await expect(page.locator('#login-password-error')).toHaveText(word('login.passwordRequired'));
    await expectAccessible(page);

    await openHydrated(page, `/${lang}/add-user`);
    await sendByKeyboard(page, button.register);
    expect(await focusedError(page, 'firstName')).toBe(identity('firstName.required'));
    await expect(page.locator('#termsAccepted')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByRole('alert').first()).not.toBeEmpty();
    await expectAccessible(page);

    await openHydrated(page, `/${lang}/forgot-password`);
    await sendByKeyboard(page, button.next);
    expect(await focusedError(page, 'email')).toBe(identity('email.required'));
    await expectAccessible(page);

    const now = Date.now();
    await openWithFlow(page, `/${lang}/reset-password`, 'claims.recoveryFlow', {
      flowId: 'no-such-flow',
      email: 'someone@example.test',
      timestamp: now,
      resendAvailableAt: now + 120_000,
    });
    await sendByKeyboard(page, button.next);
    expect(await focusedError(page, 'recoveryCode')).toBe(identity('recoveryCode.required'));
    await expect(page.locator('#newPassword')).toHaveAttribute('aria-invalid', 'true');
    await expectAccessible(page);

    await openWithFlow(page, `/${lang}/mfa`, 'claims.verificationFlow', {
      kind: 'sign-in',
      flowId: 'no-such-flow',
      email: 'someone@example.test',
      timestamp: now,
    });
    await expect(page.locator('#verification-code')).toBeFocused();
    await page.keyboard.press('Enter');
    expect(await focusedError(page, 'verification-code')).toBe(word('mfa.required'));
    await expect(page.getByRole('alert')).toHaveText(word('mfa.required'));
    await expectAccessible(page);
    await context.close();
  });
}

test('the profile by keyboard: a refusal only the server can make lands under its field, with focus, axe clean', async ({
  page,
}) => {
  const email = uniqueEmail('profile-keys');
  await registerVerifiedCustomer(page, email, 'Marie');
  await signInThroughScreens(page, email, '/en/profile');
  await islandsHydrated(page);

  // Personal tab: Update, a postal code the contracts' rules refuse, Enter.
  await page.getByRole('button', { name: 'Update' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.locator('#dateOfBirth')).toBeFocused();
  await page.locator('#postalCode').fill('12345');
  await page.keyboard.press('Enter');
  expect(await focusedError(page, 'postalCode')).toContain('postal code');
  await expectAccessible(page);

  // Arrow keys move between the tabs and cancel editing.
  await page.getByRole('tab', { name: 'Personal Information' }).focus();
  await page.keyboard.press('ArrowRight');
  const account = page.getByRole('tab', { name: 'Email and Password' });
  await expect(account).toBeFocused();
  await expect(account).toHaveAttribute('aria-selected', 'true');

  // Only the server knows the current password: its 400 is mapped onto that field.
  await page.getByRole('button', { name: 'Change password' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.locator('#currentPassword')).toBeFocused();
  await page.keyboard.type('Not#MyPass1');
  await page.locator('#newPassword').fill('Another#Pass7');
  await page.locator('#confirmPassword').fill('Another#Pass7');
  await page.keyboard.press('Enter');
  expect(await focusedError(page, 'currentPassword')).toBe('Current password is incorrect');
  await expectAccessible(page);
  // Refused, so nothing changed: the session a password change would end is still open.
  expect((await page.request.get('/api/users/me')).status()).toBe(200);
});
