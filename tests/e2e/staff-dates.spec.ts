import { expect, test } from '@playwright/test';
import {
  registerVerifiedCustomer,
  signInThroughScreens,
  submitClaimThroughApi,
  uniqueEmail,
} from './support/customers';
import { openHydrated } from './support/hydration';
import { amendAsStaff, signInStaff } from './support/staff';

// Date-only values are calendar days: the same day west and east of UTC (issue 27, finding 1).
for (const timezoneId of ['America/Vancouver', 'Asia/Tokyo']) {
  test(`the Claims History shows payment dates and the date of birth as sent, in ${timezoneId}`, async ({
    page: customer,
    browser,
  }) => {
    const email = uniqueEmail('staff-dates');
    await registerVerifiedCustomer(customer, email, 'Dates');
    await signInThroughScreens(customer, email, '/en/dashboard');
    const { submissionId } = await submitClaimThroughApi(customer);

    const staff = await signInStaff(browser, 'Claire Tremblay', { timezoneId });
    expect(await staff.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone)).toBe(
      timezoneId,
    );
    const claimNumber = `T${Date.now() % 10_000_000}`;
    await amendAsStaff(staff, submissionId, {
      claimNumber,
      status: 'Approved',
      benefitAmount: '100.50',
      firstPaymentDate: '2024-01-15',
      lastPaymentDate: '2024-01-31',
    });

    // The history read model follows the event log a moment later.
    await expect
      .poll(async () => {
        const answer = await staff.request.get(`/api/admin/claims/${submissionId}/history`);
        const { rows } = (await answer.json()) as { rows: Record<string, unknown>[] };
        const { first_payment_date, last_payment_date, dob } = rows[0] ?? {};
        return { first_payment_date, last_payment_date, dob };
      })
      .toEqual({
        first_payment_date: '2024-01-15',
        last_payment_date: '2024-01-31',
        dob: '1980-04-02',
      });

    await openHydrated(staff, `/admin/claim?id=${submissionId}&tab=1`);
    const history = staff.getByRole('tabpanel', { name: 'Claims History' });
    const newest = history.getByRole('row').filter({ hasText: claimNumber });
    await expect(newest).toHaveCount(1);
    await expect(newest.getByRole('cell', { name: /^2024-01-15/ })).toHaveCount(1);
    await expect(newest.getByRole('cell', { name: /^2024-01-31/ })).toHaveCount(1);
    await expect(newest.getByRole('cell', { name: '1980-04-02', exact: true })).toHaveCount(1);
    await expect(history.getByText(/2024-01-14|2024-01-30|1980-04-01/)).toHaveCount(0);
    await staff.context().close();
  });
}
