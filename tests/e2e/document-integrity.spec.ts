import { readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { asDataUrl, samplePdf } from '@contracts/documents/testing/sample-documents';
import { expectAccessible } from './support/accessibility';
import { signedInCustomer, submitClaimThroughApi } from './support/customers';
import { openHydrated } from './support/hydration';
import { signInStaff } from './support/staff';

test.describe.configure({ timeout: 90_000 });

/** The e2e portal's document storage (playwright.config.ts: DATA_DIR). */
const OBJECTS = '.test-results/e2e-data/objects';

// Issue 45: bytes replaced at a document's key were served and counted as a view.
test('bytes replaced in storage are refused in the viewer, in words, and flagged in the Audit tab', async ({
  page: customer,
  browser,
}) => {
  await signedInCustomer(customer, 'document-integrity');
  const name = 'statement.pdf';
  const { submissionId } = await submitClaimThroughApi(customer, {
    documents: [{ kind: 'claim', name, data: asDataUrl(samplePdf(name), 'application/pdf') }],
  });
  // Someone with access to the bucket replaces the original and its rendition.
  const folder = join(OBJECTS, 'claims', submissionId);
  const stored = (await readdir(folder)).filter((file) => /^[0-9a-f]{64}$/.test(file));
  expect(stored).toHaveLength(2);
  for (const file of stored) await writeFile(join(folder, file), samplePdf('forged'));

  const staff = await signInStaff(browser);
  await openHydrated(staff, `/admin/claim?id=${submissionId}`);
  await staff.getByRole('button', { name }).focus();
  await staff.keyboard.press('Enter');
  const viewer = staff.getByRole('region', { name: `Viewing ${name}` });
  await expect(viewer.getByRole('alert')).toHaveText(
    /^This document cannot be shown: its stored copy does not match the one recorded when it was received\./,
  );
  await expect(viewer.locator('iframe')).toHaveCount(0);
  await expectAccessible(staff);

  await staff.getByRole('tab', { name: 'Audit' }).click();
  const listed = staff
    .getByRole('tabpanel', { name: 'Audit' })
    .getByRole('region', { name: 'Document views' })
    .getByRole('listitem');
  await expect(listed).toHaveCount(1);
  await expect(listed.first()).toContainText(
    `${name} (claim form), its stored safe copy does not match the sha256 recorded for it`,
  );
  await expectAccessible(staff);
  await staff.context().close();
});
