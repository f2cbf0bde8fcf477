import { mkdirSync } from 'node:fs';
import { expect, type Page } from '@playwright/test';

/** Where the staff and auditor screens go, at desktop width and at 390 px. */
export const OUT = 'docs/screens/admin';
export const VIEWPORTS = {
  desktop: { width: 1280, height: 800 },
  mobile: { width: 390, height: 844 },
};

export function makeShotFolders(): void {
  for (const size of Object.keys(VIEWPORTS)) mkdirSync(`${OUT}/${size}`, { recursive: true });
}

/** Every island hydrated and no skeleton left: the screen as a person sees it. */
export async function settled(page: Page): Promise<void> {
  await page.waitForFunction(() => document.querySelector('astro-island[ssr]') === null);
  await expect(page.locator('.skeleton:visible')).toHaveCount(0);
}

export async function shoot(page: Page, name: string, { fullPage = true } = {}): Promise<void> {
  for (const [size, viewport] of Object.entries(VIEWPORTS)) {
    await page.setViewportSize(viewport);
    await settled(page);
    await page.screenshot({
      path: `${OUT}/${size}/${name}.jpg`,
      type: 'jpeg',
      quality: 70,
      fullPage,
      animations: 'disabled',
    });
  }
}
