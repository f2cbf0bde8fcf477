import { expect, type Page, test } from '@playwright/test';
import { signedInCustomer, submitClaimThroughApi } from './support/customers';
import { islandsHydrated } from './support/hydration';
import { PUBLIC_PAGES, SIGNED_IN_PAGES } from '../support/customer-pages';

/**
 * Cheap guards for what Lighthouse measures (npm run bench:lighthouse, docs/performance.md):
 * the layout does not move while the islands hydrate, and every page has its own meta
 * description. A phone's viewport, as Lighthouse's mobile run uses.
 */
test.use({ viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true });

/** Lighthouse's target; a shift just over it is already visible as a jump. */
const MAX_SHIFT = 0.02;

interface Shift {
  value: number;
  sources: string[];
}

/**
 * Every layout shift since the page started loading (buffered entries), with the elements
 * that moved, once the islands have hydrated and a few frames have passed.
 */
async function layoutShifts(page: Page): Promise<Shift[]> {
  await islandsHydrated(page);
  return page.evaluate(
    () =>
      new Promise<Shift[]>((resolve) => {
        const nameOf = (node: Node | null | undefined) =>
          node instanceof Element
            ? `${node.tagName.toLowerCase()}${node.id ? `#${node.id}` : ''}${[...node.classList].map((c) => `.${c}`).join('')}`
            : String(node?.nodeName);
        const shifts: Shift[] = [];
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as unknown as Array<{
            value: number;
            hadRecentInput: boolean;
            sources?: Array<{ node?: Node | null }>;
          }>) {
            if (!entry.hadRecentInput)
              shifts.push({
                value: entry.value,
                sources: (entry.sources ?? []).map((s) => nameOf(s.node)),
              });
          }
        }).observe({ type: 'layout-shift', buffered: true });
        // Two frames and a pause: a shift that hydration causes is recorded by then.
        requestAnimationFrame(() =>
          requestAnimationFrame(() => setTimeout(() => resolve(shifts), 500)),
        );
      }),
  );
}

async function expectStable(page: Page, path: string) {
  // A phone's slower CPU, as Lighthouse simulates: hydration then lands after the first paint.
  const devtools = await page.context().newCDPSession(page);
  await devtools.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await page.goto(path);
  const shifts = await layoutShifts(page);
  await devtools.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  await devtools.detach();
  const total = shifts.reduce((sum, shift) => sum + shift.value, 0);
  expect(total, `${path} shifted: ${JSON.stringify(shifts)}`).toBeLessThanOrEqual(MAX_SHIFT);
}

async function descriptionOf(page: Page, path: string): Promise<string> {
  await page.goto(path);
  const descriptions = page.locator('head meta[name="description"]');
  await expect(descriptions, path).toHaveCount(1);
  return (await descriptions.getAttribute('content')) ?? '';
}

test('sign-in, registration and the one-time code screen do not shift as they hydrate', async ({
  page,
}) => {
  for (const lang of ['en', 'fr']) {
    for (const screen of ['', 'add-user', 'mfa', 'forgot-password', 'reset-password'])
      await expectStable(page, `/${lang}/${screen}`);
  }
});

test('the dashboard with claims does not shift: the claims are in its HTML, cards or table as the measure will choose', async ({
  page,
}) => {
  await signedInCustomer(page, 'stability-dashboard');
  for (const claim of [{}, { productType: 'Lines of Credit' }, { claimType: 'Critical Illness' }])
    await submitClaimThroughApi(page, claim);
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 844 });
    for (const lang of ['en', 'fr']) await expectStable(page, `/${lang}/dashboard`);
  }
});

interface Redraws {
  layouts: string[];
  cardsDrawn: number;
  rowsDrawn: number;
}

/**
 * What the claims list draws once hydration starts (its first `data-layout` change): the
 * layouts it passes through and the cards and rows it adds. The server's HTML is not counted.
 */
function watchClaimsRedraws() {
  const state = { layouts: [] as string[], cardsDrawn: 0, rowsDrawn: 0 };
  (window as unknown as { claimsRedraws: typeof state }).claimsRedraws = state;
  const count = (node: Node, selector: string) =>
    node instanceof Element
      ? Number(node.matches(selector)) + node.querySelectorAll(selector).length
      : 0;
  new MutationObserver((records) => {
    for (const record of records) {
      if (record.type === 'attributes') {
        state.layouts.push((record.target as Element).getAttribute('data-layout') ?? '');
        continue;
      }
      if (state.layouts.length === 0) continue;
      for (const node of record.addedNodes) {
        state.cardsDrawn += count(node, '.claim-card');
        state.rowsDrawn += count(node, '.claims-table tbody tr');
      }
    }
  }).observe(document, {
    subtree: true,
    childList: true,
    attributes: true,
    attributeFilter: ['data-layout'],
  });
}

// Issue 47: hydration drew the table over the server's cards, measured it, then drew the
// cards again: most of the dashboard's blocking time on a phone's CPU.
test('hydration keeps the claims the server drew: cards stay cards on a phone, the table stays a table on a desktop', async ({
  page,
}) => {
  await signedInCustomer(page, 'hydration-redraws');
  await submitClaimThroughApi(page);
  await page.addInitScript(watchClaimsRedraws);
  const cases = [
    { width: 390, lang: 'en', layout: 'cards' },
    { width: 390, lang: 'fr', layout: 'cards' },
    { width: 1280, lang: 'en', layout: 'table' },
  ];
  for (const { width, lang, layout } of cases) {
    await page.setViewportSize({ width, height: 844 });
    await page.goto(`/${lang}/dashboard`);
    await islandsHydrated(page);
    await expect(page.locator('.table-scroll')).toHaveAttribute('data-layout', layout);
    const redraws = await page.evaluate(
      () => (window as unknown as { claimsRedraws: Redraws }).claimsRedraws,
    );
    expect(redraws, `${lang} at ${width} px`).toEqual({
      layouts: [layout],
      cardsDrawn: 0,
      rowsDrawn: 0,
    });
  }
});

test('the claim wizard and the profile do not shift as they hydrate', async ({ page }) => {
  await signedInCustomer(page, 'stability');
  for (const lang of ['en', 'fr']) {
    for (const screen of ['add-claim', 'profile']) await expectStable(page, `/${lang}/${screen}`);
  }
});

test('every public page has a meta description of its own, in its language', async ({ page }) => {
  const seen = new Map<string, string>();
  for (const lang of ['en', 'fr']) {
    for (const screen of PUBLIC_PAGES) {
      const path = `/${lang}/${screen}`;
      const description = await descriptionOf(page, path);
      expect(description.length, path).toBeGreaterThan(50);
      expect(description.length, path).toBeLessThanOrEqual(200);
      expect(seen.get(description), `${path} repeats another page's description`).toBeUndefined();
      seen.set(description, path);
    }
  }
  expect(await descriptionOf(page, '/fr/')).toContain('réclamation');
});

test('the signed-in pages have their own meta description too', async ({ page }) => {
  await signedInCustomer(page, 'descriptions');
  const descriptions = new Set<string>();
  for (const lang of ['en', 'fr']) {
    for (const screen of SIGNED_IN_PAGES) {
      const description = await descriptionOf(page, `/${lang}/${screen}`);
      expect(description.length, screen).toBeGreaterThan(50);
      descriptions.add(description);
    }
  }
  expect(descriptions.size).toBe(SIGNED_IN_PAGES.length * 2);
});
