import { expect, type Page, test } from '@playwright/test';
import {
  registerVerifiedCustomer,
  signInThroughScreens,
  submitClaimThroughApi,
  uniqueEmail,
} from './support/customers';
import { expectAccessible } from './support/accessibility';
import { openHydrated } from './support/hydration';
import { amendAsStaff, signInStaff } from './support/staff';

const MARC = 'marc.gagnon@claims-portal.local';

interface StoredClaim {
  readonly benefitAmount: number;
  readonly status: string;
}

async function stored(page: Page, submissionId: string): Promise<StoredClaim> {
  const answer = await page.request.get(`/api/admin/claims/${submissionId}`);
  expect(answer.status()).toBe(200);
  return (await answer.json()) as StoredClaim;
}

async function saved(staff: Page) {
  await staff.getByRole('button', { name: 'Save' }).click();
  await expect(
    staff.getByRole('status').getByText('Your changes were successfully saved'),
  ).toBeVisible();
}

/** Issue 24, decision 048: two staff members on one claim; nothing is overwritten unseen. */
test('the second of two staff saves gets a dialog naming the first one’s change, and overwrites only by choice', async ({
  page: customer,
  browser,
}) => {
  test.setTimeout(90_000);
  const email = uniqueEmail('staff-conflict');
  await registerVerifiedCustomer(customer, email, 'Conflict');
  await signInThroughScreens(customer, email, '/en/dashboard');
  const { submissionId } = await submitClaimThroughApi(customer);

  const claire = await signInStaff(browser, 'Claire Tremblay');
  const marc = await signInStaff(browser, 'Marc Gagnon');
  await amendAsStaff(claire, submissionId, {
    claimNumber: `C${Date.now() % 10_000_000}`,
    status: 'Pending',
  });

  // Both open the claim; Marc sets the amount and saves first.
  await openHydrated(claire, `/admin/claim?id=${submissionId}`);
  await openHydrated(marc, `/admin/claim?id=${submissionId}`);
  await expect(claire.getByLabel('Benefit amount')).toHaveValue('0');
  await marc.getByLabel('Benefit amount').fill('2222.22');
  await saved(marc);

  // Claire, whose form still shows 0, changes only the status.
  await claire.getByLabel('Status', { exact: true }).selectOption('In Progress');
  await claire.getByRole('button', { name: 'Save' }).click();
  const dialog = claire.getByRole('dialog', { name: 'Someone else saved this claim' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText('Benefit amount: $0.00 → $2,222.22')).toBeVisible();
  await expect(dialog.getByText(new RegExp(`by ${MARC}`))).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Reload, keeping my edits' })).toBeFocused();
  await expectAccessible(claire);
  // Her edit touches another field: no overwrite is offered, and nothing was saved.
  await expect(dialog.getByRole('button', { name: 'Save mine over theirs' })).toHaveCount(0);
  expect(await stored(claire, submissionId)).toMatchObject({
    benefitAmount: 2222.22,
    status: 'Pending',
  });

  // Reload keeping her edit: Marc's amount appears, her status stays; saving keeps both.
  await dialog.getByRole('button', { name: 'Reload, keeping my edits' }).click();
  await expect(dialog).toBeHidden();
  await expect(claire.getByLabel('Benefit amount')).toHaveValue('2222.22');
  await expect(claire.getByLabel('Status', { exact: true })).toHaveValue('In Progress');
  await saved(claire);
  expect(await stored(claire, submissionId)).toMatchObject({
    benefitAmount: 2222.22,
    status: 'In Progress',
  });

  // Now both edit the amount: Marc first, then Claire from her older form.
  await openHydrated(marc, `/admin/claim?id=${submissionId}`);
  await marc.getByLabel('Benefit amount').fill('3333.33');
  await saved(marc);
  await claire.getByLabel('Benefit amount').fill('100');
  await claire.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('Benefit amount: $2,222.22 → $3,333.33')).toBeVisible();
  await expect(dialog.getByText(/You also changed Benefit amount/)).toBeVisible();
  expect((await stored(claire, submissionId)).benefitAmount).toBe(3333.33);

  // She chooses to overwrite: her amount is stored and the event says whose change it replaced.
  await dialog.getByRole('button', { name: 'Save mine over theirs' }).click();
  await expect(
    claire.getByRole('status').getByText('Your changes were successfully saved'),
  ).toBeVisible();
  expect((await stored(claire, submissionId)).benefitAmount).toBe(100);
  const timeline = await claire.request.get(`/api/admin/claims/${submissionId}/events`);
  const { events } = (await timeline.json()) as {
    events: { type: string; changes: { field: string; from: unknown; to: unknown }[] }[];
  };
  const last = events.at(-1);
  expect(last?.changes).toContainEqual({ field: 'benefitAmount', from: 3333.33, to: 100 });
  expect(last?.changes).toContainEqual(
    expect.objectContaining({
      field: 'overrode',
      to: [expect.objectContaining({ field: 'benefitAmount', to: 3333.33, by: MARC })],
    }),
  );

  // Discarding: Marc changes the status; Claire's stale amount edit is dropped on her choice.
  await openHydrated(marc, `/admin/claim?id=${submissionId}`);
  await marc.getByLabel('Status', { exact: true }).selectOption('Approved');
  await saved(marc);
  await claire.getByLabel('Benefit amount').fill('5');
  await claire.getByRole('button', { name: 'Save' }).click();
  await dialog.getByRole('button', { name: 'Discard my edits' }).click();
  await expect(claire.getByLabel('Benefit amount')).toHaveValue('100');
  await expect(claire.getByLabel('Status', { exact: true })).toHaveValue('Approved');
  await expect(claire.getByRole('button', { name: 'Save' })).toBeDisabled();
  expect(await stored(claire, submissionId)).toMatchObject({
    benefitAmount: 100,
    status: 'Approved',
  });

  await claire.context().close();
  await marc.context().close();
});
