import { expect, type Page, test } from '@playwright/test';
import { expectAccessible } from './support/accessibility';
import { signedInCustomer, submitClaimThroughApi } from './support/customers';
import { openHydrated } from './support/hydration';
import { amendAsStaff, signInStaff } from './support/staff';

// Issue 27, "A work queue": counts per status → the queue of one status, oldest first → next page.

/** The claim count a dashboard card shows, found by its name (e.g. /^Submitted/): 12. */
async function countOf(page: Page, name: RegExp): Promise<number> {
  const card = page.getByRole('list', { name: 'Claims by status' }).getByRole('link', { name });
  const text = (await card.locator('.admin-queue__count').textContent()) ?? '';
  return Number(text.replace(/\D/g, ''));
}

async function expectNoSidewaysScroll(page: Page) {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(scrollWidth, `scrolls sideways at ${innerWidth} px`).toBeLessThanOrEqual(innerWidth);
}

const resultRows = (page: Page) =>
  page
    .getByRole('table')
    .getByRole('row')
    .filter({ has: page.getByRole('cell') });

test('work queue: counts per status, a status filter beside the search, waiting longest first, next page', async ({
  page: customer,
  browser,
}) => {
  test.setTimeout(180_000);
  const staff = await signInStaff(browser);
  await staff.setViewportSize({ width: 1280, height: 900 });
  await openHydrated(staff, '/admin/dashboard');
  const before = {
    submitted: await countOf(staff, /^Submitted/),
    inProgress: await countOf(staff, /^In Progress/),
  };

  const email = await signedInCustomer(customer, 'work-queue');
  const claims: { submissionId: string; confirmationNumber: string }[] = [];
  for (let index = 0; index < 13; index += 1) claims.push(await submitClaimThroughApi(customer));
  const stamp = Date.now() % 1_000_000;
  for (const [index, claim] of claims.slice(3, 5).entries()) {
    await amendAsStaff(staff, claim.submissionId, {
      claimNumber: `Q${stamp}${index}`,
      status: 'In Progress',
    });
  }
  const waiting = claims.filter((_, index) => index < 3 || index >= 5);

  // The counts come from the read model, a moment behind the writes.
  await expect
    .poll(async () => {
      await staff.reload();
      return {
        submitted: (await countOf(staff, /^Submitted/)) - before.submitted,
        inProgress: (await countOf(staff, /^In Progress/)) - before.inProgress,
      };
    })
    .toEqual({ submitted: 11, inProgress: 2 });
  await expect(staff.getByRole('link', { name: /^All open claims/ })).toBeVisible();
  await expectAccessible(staff);
  await expectNoSidewaysScroll(staff);

  // A count opens its queue, waiting longest first.
  await staff.getByRole('link', { name: /^In Progress/ }).click();
  await expect(staff).toHaveURL(/statuses=in\+progress&order=oldest/);
  await expect(staff.getByText('In Progress · Waiting longest first')).toBeVisible();
  await expect(resultRows(staff).first()).toBeVisible();
  // The badges (the cards' column labels would read "Submitted" too).
  const badges = await resultRows(staff).locator('.badge').allTextContents();
  expect(badges.length).toBeGreaterThanOrEqual(2);
  expect(new Set(badges)).toEqual(new Set(['In Progress']));

  // Narrowed to this claimant by keyboard: type, value, Submitted instead of In Progress.
  await staff.getByLabel('Search by').selectOption('email');
  await staff.getByLabel('Email', { exact: true }).fill(email);
  const submitted = staff.getByRole('checkbox', { name: 'Submitted' });
  await submitted.focus();
  await staff.keyboard.press('Space');
  await expect(submitted).toBeChecked();
  await staff.getByRole('checkbox', { name: 'In Progress' }).focus();
  await staff.keyboard.press('Space');
  await expect(staff.getByLabel('Order')).toHaveValue('oldest');
  await staff.getByLabel('Email', { exact: true }).press('Enter');
  await expect(staff).toHaveURL(/type=email.*statuses=submitted&order=oldest/);

  const shown = async () =>
    (
      await resultRows(staff)
        .getByRole('link', { name: /^View claim / })
        .allTextContents()
    ).map((text) => text.trim());
  await expect(resultRows(staff)).toHaveCount(10);
  expect(await shown()).toEqual(waiting.slice(0, 10).map((c) => c.confirmationNumber));
  await expectAccessible(staff);
  await expectNoSidewaysScroll(staff);

  const next = staff.getByRole('link', { name: 'Next' });
  await next.focus();
  await staff.keyboard.press('Enter');
  await expect(staff).toHaveURL(/page=2&after=/);
  await expect(resultRows(staff)).toHaveCount(1);
  expect(await shown()).toEqual([waiting[10]?.confirmationNumber]);
  await expect(staff.getByRole('link', { name: 'Next' })).toHaveCount(0);

  // Cards at 390 px, still in order, nothing sideways.
  await staff.getByRole('link', { name: 'Previous' }).click();
  await staff.setViewportSize({ width: 390, height: 844 });
  await expect(resultRows(staff)).toHaveCount(10);
  expect(await shown()).toEqual(waiting.slice(0, 10).map((c) => c.confirmationNumber));
  await expectNoSidewaysScroll(staff);
  await expectAccessible(staff);
  await openHydrated(staff, '/admin/dashboard');
  await expectNoSidewaysScroll(staff);
  await expectAccessible(staff);

  // A cursor of another order is refused in words, not a 500.
  const newest = await staff.request.get(
    `/api/admin/claims/search?type=email&value=${encodeURIComponent(email)}&statuses=submitted`,
  );
  const { nextCursor } = (await newest.json()) as { nextCursor: string };
  const mismatched = await staff.request.get(
    `/api/admin/claims/search?type=email&value=${encodeURIComponent(email)}&statuses=submitted&sort=created_at&direction=asc&after=${nextCursor}`,
  );
  expect(mismatched.status()).toBe(400);
  expect(await mismatched.json()).toMatchObject({
    errors: [{ field: 'after', code: 'invalidCursor' }],
  });
  await staff.context().close();
});
