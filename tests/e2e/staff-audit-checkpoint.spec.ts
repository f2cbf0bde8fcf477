import { expect, test } from '@playwright/test';
import { claimStreamId } from '@contracts/claims/events';
import { rewriteStream } from '@tests/support/audit/rewrite-stream';
import { expectAccessible } from './support/accessibility';
import {
  registerVerifiedCustomer,
  signInThroughScreens,
  submitClaimThroughApi,
  uniqueEmail,
} from './support/customers';
import { openHydrated } from './support/hydration';
import { amendAsStaff, signInStaff, withE2eDatabase } from './support/staff';

// Issue 50: the chain alone accepts a rewrite that recomputed every hash; the signed
// checkpoint (decision 130) does not.
test('the Audit tab shows the head hash in full and reports a recomputed rewrite against the signed checkpoint', async ({
  page: customer,
  browser,
}) => {
  const email = uniqueEmail('audit-checkpoint');
  await registerVerifiedCustomer(customer, email, 'Checkpoint');
  await signInThroughScreens(customer, email, '/en/dashboard');
  const { submissionId } = await submitClaimThroughApi(customer);
  const staff = await signInStaff(browser);
  await amendAsStaff(staff, submissionId, { claimNumber: `C${Date.now() % 10_000_000}` });
  const streamId = claimStreamId(submissionId);
  const head = await withE2eDatabase(async (db) => {
    const { rows } = await db.query<{ last_hash: string; revision: string }>(
      'select last_hash, revision from event_streams where stream_id = $1',
      [streamId],
    );
    return rows[0];
  });

  const audit = staff.getByRole('tabpanel', { name: 'Audit' });
  const verdict = audit.getByTestId('checkpoint-verdict');
  const version = Number(head?.revision) + 1;
  // The signer runs every second in these tests: reload until a checkpoint covers the head.
  // An earlier checkpoint may cover only the submission (version 1), so wait for the amend's.
  await expect(async () => {
    await openHydrated(staff, `/admin/claim?id=${submissionId}&tab=2`);
    await expect(verdict).toHaveText(
      new RegExp(
        `^Matches the signed checkpoint (\\d+) of .+, key dev-[0-9a-f]{8}: version ${version} is the event it recorded\\.$`,
      ),
      { timeout: 1_000 },
    );
  }).toPass({ timeout: 20_000 });
  await expect(audit.getByTestId('live-head-hash')).toHaveText(head?.last_hash ?? '');

  await withE2eDatabase((db) =>
    rewriteStream(db, streamId, 0, (data) => ({ ...data, policyNumber: 'FORGED' })),
  );
  await staff.reload();
  await expect(
    audit.getByText(/^Hash chain verified: \d+ event\(s\), none altered\.$/),
  ).toBeVisible();
  await expect(verdict).toHaveText(
    new RegExp(
      `^Does not match the signed checkpoint \\d+ of .+, key dev-[0-9a-f]{8}: version ${version} is not the event it recorded\\. The history was rewritten after that checkpoint\\.$`,
    ),
  );
  await expect(audit.getByTestId('live-head-hash')).not.toHaveText(head?.last_hash ?? '');
  await expect(audit.getByText(head?.last_hash ?? '')).toBeVisible();
  await expectAccessible(staff);
  await staff.context().close();
});
