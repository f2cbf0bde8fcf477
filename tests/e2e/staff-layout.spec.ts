import { expect, type Page, test } from '@playwright/test';
import { expectAccessible } from './support/accessibility';
import {
  registerVerifiedCustomer,
  signInThroughScreens,
  submitClaimThroughApi,
  uniqueEmail,
} from './support/customers';
import { openHydrated } from './support/hydration';
import { amendAsStaff, signInStaff } from './support/staff';

// Issue 27, finding 3: the results fit, the claim number opens the claim, nothing scrolls sideways.
const WIDTHS = [390, 1280, 1920] as const;

/** The page's width against the window's, logged so a run shows the numbers. */
async function expectNoSidewaysScroll(page: Page, what: string) {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  console.log(`${what} at ${innerWidth} px: page scrollWidth ${scrollWidth}`);
  expect(scrollWidth, `${what} scrolls sideways at ${innerWidth} px`).toBeLessThanOrEqual(
    innerWidth,
  );
}

/** How many nodes of each table role the browser's accessibility tree holds. */
async function axRoleCounts(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  const { nodes } = (await cdp.send('Accessibility.getFullAXTree')) as {
    nodes: { role?: { value?: string } }[];
  };
  await cdp.detach();
  const count = (role: string) => nodes.filter((node) => node.role?.value === role).length;
  return {
    table: count('table'),
    row: count('row'),
    columnheader: count('columnheader'),
    cell: count('cell'),
  };
}

async function expectInViewport(page: Page, locator: ReturnType<Page['locator']>) {
  const box = await locator.boundingBox();
  const width = page.viewportSize()?.width ?? 0;
  expect(box, 'shown').not.toBeNull();
  expect(box?.x ?? -1).toBeGreaterThanOrEqual(0);
  expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(width);
}

test('staff pages fit at 390, 1280 and 1920 px; results rows open the claim by its number', async ({
  page: customer,
  browser,
}) => {
  test.setTimeout(120_000);
  const email = uniqueEmail('staff-layout-with-a-rather-long-address');
  await registerVerifiedCustomer(customer, email, 'Layout');
  await signInThroughScreens(customer, email, '/en/dashboard');
  const claims = [];
  for (let index = 0; index < 4; index += 1) claims.push(await submitClaimThroughApi(customer));
  const target = claims[0] as { submissionId: string };
  const staff = await signInStaff(browser);
  const claimNumber = `L${Date.now() % 10_000_000}`;
  await amendAsStaff(staff, target.submissionId, { claimNumber, benefitAmount: '123456.78' });
  await amendAsStaff(staff, target.submissionId, { status: 'Pending' });
  const resultsPath = `/admin/search?type=email&value=${encodeURIComponent(email)}`;
  const rows = staff
    .getByRole('table')
    .getByRole('row')
    .filter({ has: staff.getByRole('cell') });

  for (const width of WIDTHS) {
    await staff.setViewportSize({ width, height: 900 });

    await openHydrated(staff, '/admin/dashboard');
    await expectNoSidewaysScroll(staff, 'dashboard');

    await openHydrated(staff, resultsPath);
    await expect(rows).toHaveCount(4);
    const table = await staff.getByRole('table').boundingBox();
    console.log(`results table at ${width} px: ${Math.round(table?.width ?? 0)} px wide`);
    await expectNoSidewaysScroll(staff, 'search results');
    if (width === 1280) {
      const inner = await staff
        .locator('.table-scroll')
        .evaluate((scroller) => scroller.scrollWidth - scroller.clientWidth);
      expect(inner, 'the results table scrolls sideways').toBeLessThanOrEqual(0);
      for (const header of await staff.getByRole('columnheader').all()) {
        await expectInViewport(staff, header);
      }
      const first = rows.first();
      for (const column of [6, 7, 8]) {
        await expectInViewport(staff, first.getByRole('cell').nth(column));
      }
    }
    if (width !== 1920) await expectAccessible(staff);
    if (width === 390) {
      // The cards are still a table in Chromium's own accessibility tree, not layout boxes.
      expect(await axRoleCounts(staff)).toEqual({ table: 1, row: 5, columnheader: 9, cell: 36 });
      // Each row a card of label: value pairs, the headers out of sight.
      await expect(rows.first().getByText('Status', { exact: true })).toBeVisible();
      await expect(staff.getByRole('columnheader', { name: 'Status' })).not.toBeInViewport();
      await expectInViewport(staff, rows.first());
    }

    const open = staff.getByRole('link', { name: `View claim ${claimNumber}` });
    await expect(open).toHaveText(claimNumber);
    await open.click();
    await expect(staff).toHaveURL(new RegExp(`/admin/claim\\?id=${target.submissionId}`));
    await expect(staff.getByRole('heading', { name: `Claim ${claimNumber}` })).toBeVisible();
    await expectNoSidewaysScroll(staff, 'claim details');

    for (const [tab, panel] of [
      ['Claims History', 'Claims History'],
      ['Audit', 'Audit'],
    ] as const) {
      await staff.getByRole('tab', { name: tab }).click();
      const shown = staff.getByRole('tabpanel', { name: panel });
      await expect(shown.getByRole('heading').first()).toBeVisible();
      if (tab === 'Claims History') {
        await expect(shown.getByRole('row').filter({ hasText: claimNumber }).first()).toBeVisible();
      }
      await expectNoSidewaysScroll(staff, tab);
      if (width !== 1920) await expectAccessible(staff);
    }
  }
  await staff.context().close();
});
