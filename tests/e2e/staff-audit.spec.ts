import { expect, test } from '@playwright/test';
import { expectAccessible } from './support/accessibility';
import {
  registerVerifiedCustomer,
  signInThroughScreens,
  submitClaimThroughApi,
  uniqueEmail,
} from './support/customers';
import { openHydrated } from './support/hydration';
import { amendAsStaff, deleteLastEvent, signInStaff } from './support/staff';

// The Audit tab runs the check of `npm run audit -- verify` (issue 27, finding 2).
test('the Audit tab reports a claim whose last event was deleted in Postgres, and flags the link', async ({
  page: customer,
  browser,
}) => {
  const email = uniqueEmail('staff-audit');
  await registerVerifiedCustomer(customer, email, 'Audit');
  await signInThroughScreens(customer, email, '/en/dashboard');
  const { submissionId } = await submitClaimThroughApi(customer);
  const staff = await signInStaff(browser);
  await amendAsStaff(staff, submissionId, { claimNumber: `A${Date.now() % 10_000_000}` });
  await amendAsStaff(staff, submissionId, {
    status: 'Pending',
    benefitAmount: '100.5',
    additionalReason: ['bankStatement'],
  });

  await openHydrated(staff, `/admin/claim?id=${submissionId}&tab=2`);
  const audit = staff.getByRole('tabpanel', { name: 'Audit' });
  await expect(
    audit.getByText(/^Hash chain verified: \d+ event\(s\), none altered\.$/),
  ).toBeVisible();
  // The timeline in words: labels, amounts in dollars, reasons by name, no codes or JSON.
  await expect(audit.getByText('Benefit amount from $0.00 to $100.50')).toBeVisible();
  await expect(audit.getByText(/^Additional reason from \(empty\) to .+/)).toBeVisible();
  await expect(audit.getByText(/Array:|bankStatement|benefitAmount|\{"/)).toHaveCount(0);
  const versions = await audit
    .getByRole('listitem')
    .filter({ hasText: /^Version \d+ ·/ })
    .count();

  const deleted = await deleteLastEvent(submissionId);
  expect(deleted + 1).toBe(versions);
  await staff.reload();
  await expect(
    audit.getByText(
      `Hash chain broken at version ${deleted}: the stream records a later last event, so events were removed after this one.`,
    ),
  ).toBeVisible();
  await expect(audit.getByText(/none altered/)).toHaveCount(0);
  const flagged = audit.getByRole('listitem').filter({ hasText: 'Broken link:' });
  await expect(flagged).toHaveCount(1);
  await expect(flagged).toContainText(`Version ${deleted} ·`);
  await expectAccessible(staff);
  await staff.context().close();
});
