import type { Page } from '@playwright/test';

/**
 * The islands answer only once hydrated: waits until no island is still server-rendered
 * only. Typing into a form before then is lost when React takes the field over.
 */
export const islandsHydrated = (page: Page) =>
  page.waitForFunction(() => document.querySelector('astro-island[ssr]') === null);

/** Opens a page and waits for its islands. */
export async function openHydrated(page: Page, path: string) {
  await page.goto(path);
  await islandsHydrated(page);
}
