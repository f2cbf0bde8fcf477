import { expect, test } from '@playwright/test';
import {
  registerVerifiedCustomer,
  signInThroughScreens,
  submitClaimThroughApi,
  uniqueEmail,
} from './support/customers';
import { openHydrated } from './support/hydration';
import { signInStaff } from './support/staff';

// Issue 27, finding 7: what the edit form keeps, where focus goes, what a refused search says.
test('reasons survive Pending → Denied → Pending, and focus lands on the form after a save', async ({
  page: customer,
  browser,
}) => {
  const email = uniqueEmail('staff-edit-flow');
  await registerVerifiedCustomer(customer, email, 'Flow');
  await signInThroughScreens(customer, email, '/en/dashboard');
  const { submissionId } = await submitClaimThroughApi(customer);
  const staff = await signInStaff(browser);
  await openHydrated(staff, `/admin/claim?id=${submissionId}`);

  const status = staff.getByLabel('Status', { exact: true });
  const roe = staff.getByRole('checkbox', { name: 'Record of Employment needed' });
  const statement = staff.getByRole('checkbox', { name: 'Claimant Statement needed' });
  await status.selectOption('Pending');
  await roe.check();
  await statement.check();
  await status.selectOption('Denied');
  await expect(roe).toHaveCount(0);
  await status.selectOption('Pending');
  await expect(roe).toBeChecked();
  await expect(statement).toBeChecked();

  const claimNumber = `F${Date.now() % 10_000_000}`;
  await staff.getByLabel('Claim number').fill(claimNumber);
  await staff.getByRole('button', { name: 'Save' }).click();
  await expect(staff.getByRole('heading', { name: `Claim ${claimNumber}` })).toBeVisible();
  await expect(staff.getByRole('button', { name: 'Save' })).toBeDisabled();
  await expect(staff.getByRole('heading', { name: 'Edit claim' })).toBeFocused();
  await expect(roe).toBeChecked();

  // Cancel disables itself too: focus goes to the same place.
  await staff.getByLabel('Benefit amount').fill('12');
  await staff.getByRole('button', { name: 'Cancel' }).click();
  await expect(staff.getByRole('heading', { name: 'Edit claim' })).toBeFocused();
  await staff.context().close();
});

test('a search the server refuses shows the server message, not a generic one', async ({
  browser,
}) => {
  const staff = await signInStaff(browser);
  // Passes the page's own checks (an email with @) but holds a control character.
  const query = 'type=email&value=a%40b%01c';
  const answer = await staff.request.get(`/api/admin/claims/search?${query}`);
  expect(answer.status()).toBe(400);
  const { errors } = (await answer.json()) as { errors: { message?: string }[] };
  const message = errors[0]?.message ?? '';
  expect(message).not.toBe('');
  await openHydrated(staff, `/admin/search?${query}`);
  await expect(staff.getByRole('alert')).toHaveText(message);
  await expect(staff.getByRole('button', { name: 'Try again' })).toHaveCount(0);
  await staff.context().close();
});
