import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expectAccessible } from './accessibility';
import { openHydrated } from './hydration';

/** Every key of the site's dictionaries: none may ever show as text. */
export const dictionaryKeys = [
  'en',
  'faq.en',
  'pages.en',
  'account.en',
  'sign-in.en',
  'wizard.en',
].flatMap((name) => Object.keys(JSON.parse(readFileSync(`site/src/i18n/${name}.json`, 'utf8'))));

/** Every page a signed-out visitor can open in a language, by its path after /{lang}/. */
export const PUBLIC_PAGES = [
  '',
  'forgot-password',
  'reset-password',
  'add-user',
  'declaration-and-authorization',
  'mfa',
  'faq',
  'contact-us',
  'error/404',
  'error/403',
  'error/500',
] as const;

/** Opens a page, checks it with axe, and lists the dictionary keys it shows (text, labels, titles). */
export async function keysShown(page: Page, path: string): Promise<string[]> {
  await openHydrated(page, path);
  await expectAccessible(page);
  const text = (await page.locator('body').innerText()) + (await page.title());
  const labels = await page
    .locator('[aria-label], [placeholder], [title]')
    .evaluateAll((nodes) =>
      nodes.map((n) =>
        ['aria-label', 'placeholder', 'title'].map((a) => n.getAttribute(a) ?? '').join(' '),
      ),
    );
  const hidden = await page.locator('label').allTextContents();
  const everything = [text, ...labels, ...hidden].join('\n');
  return dictionaryKeys.filter((key) => everything.includes(key)).map((key) => `${path}: ${key}`);
}
