import { readFile } from 'node:fs/promises';
import { expect, type Page, test } from '@playwright/test';
import { verifyAuditExport } from '@projections/audit/audit-export';
import { expectAccessible } from './support/accessibility';
import {
  csrfToken,
  registerVerifiedCustomer,
  signInThroughScreens,
  submitClaimThroughApi,
  uniqueEmail,
} from './support/customers';
import { openHydrated } from './support/hydration';
import { amendAsStaff, signInStaff } from './support/staff';

const AUDITOR = 'Ines Lavoie';

/** No control on the page could change the claim: no field, no Save, no file upload. */
async function expectNoEditControl(panel: ReturnType<Page['getByRole']>) {
  await expect(panel.getByRole('textbox')).toHaveCount(0);
  await expect(panel.getByRole('combobox')).toHaveCount(0);
  await expect(panel.getByRole('checkbox')).toHaveCount(0);
  await expect(panel.locator('input, select, textarea, [contenteditable="true"]')).toHaveCount(0);
  await expect(panel.getByRole('button', { name: /save|cancel|choose a pdf/i })).toHaveCount(0);
}

/** axe finds nothing at 1280 and 390 px, and the page never scrolls sideways (390 to 1920 px). */
async function expectAccessibleWithoutSidewaysScroll(page: Page) {
  for (const width of [1920, 1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow, `sideways scroll at ${width} px`).toBeLessThanOrEqual(0);
    if (width !== 1920) await expectAccessible(page);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

// Issue 27: an auditor through the real OpenID flow sees every staff view and can change nothing.
test('an auditor signs in through OIDC, reads search, claim, history and audit, exports, and changes nothing', async ({
  page: customer,
  browser,
}) => {
  test.setTimeout(180_000);
  const email = uniqueEmail('auditor');
  await registerVerifiedCustomer(customer, email, 'Audrey');
  await signInThroughScreens(customer, email, '/en/dashboard');
  const { submissionId } = await submitClaimThroughApi(customer);
  const agent = await signInStaff(browser);
  const claimNumber = `AU${Date.now() % 1_000_000}`;
  await amendAsStaff(agent, submissionId, { claimNumber, benefitAmount: '250.75' });
  await agent.context().close();

  const auditor = await signInStaff(browser, AUDITOR);
  const readOnly = auditor.getByText('Read-only (auditor)');
  await expect(readOnly).toBeVisible();
  await expect(
    auditor.locator('[lang="fr"]', { hasText: 'Lecture seule (auditeur)' }),
  ).toBeVisible();

  // Search and results.
  await openHydrated(auditor, '/admin/dashboard');
  await auditor.getByLabel('Search by').selectOption({ label: 'Claim number' });
  await auditor.getByLabel('Claim number').fill(claimNumber);
  await auditor.getByRole('button', { name: 'Search' }).click();
  await expect(auditor).toHaveURL(/\/admin\/search\?/);
  await expect(auditor.getByRole('link', { name: new RegExp(claimNumber) }).first()).toBeVisible();
  await expect(readOnly).toBeVisible();
  await expectAccessibleWithoutSidewaysScroll(auditor);

  // The claim: values as text, no edit control.
  await openHydrated(auditor, `/admin/claim?id=${submissionId}`);
  const details = auditor.getByRole('tabpanel', { name: 'Claim Details' });
  await expect(details.getByRole('heading', { name: 'Claim decision' })).toBeVisible();
  await expect(details.getByText('$250.75')).toBeVisible();
  await expect(details.getByText(claimNumber, { exact: true })).toBeVisible();
  await expectNoEditControl(details);
  await expectAccessibleWithoutSidewaysScroll(auditor);

  // Claims History.
  await auditor.getByRole('tab', { name: 'Claims History' }).click();
  const history = auditor.getByRole('tabpanel', { name: 'Claims History' });
  await expect(history.getByRole('table')).toBeVisible();
  await expect(history.getByRole('row')).not.toHaveCount(1);
  await expectNoEditControl(history);
  await expectAccessibleWithoutSidewaysScroll(auditor);

  // Audit, and the export from it.
  await auditor.getByRole('tab', { name: 'Audit' }).click();
  const audit = auditor.getByRole('tabpanel', { name: 'Audit' });
  await expect(
    audit.getByText(/^Hash chain verified: \d+ event\(s\), none altered\.$/),
  ).toBeVisible();
  await expect(auditor.getByRole('button', { name: /save/i })).toHaveCount(0);
  await expectAccessibleWithoutSidewaysScroll(auditor);

  const [download] = await Promise.all([
    auditor.waitForEvent('download'),
    audit.getByRole('link', { name: 'Download the audit export (JSON)' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(
    new RegExp(`^audit-export-${submissionId}-.+\\.json$`),
  );
  const exported = JSON.parse(await readFile((await download.path()) ?? '', 'utf8'));
  expect(exported.exportedBy).toMatchObject({
    role: 'auditor',
    email: 'ines.lavoie@claims-portal.local',
  });
  expect(verifyAuditExport(exported)).toMatchObject({ ok: true });

  await audit.getByRole('link', { name: 'Open the printable audit report' }).click();
  await expect(auditor).toHaveURL(new RegExp(`/admin/audit-report\\?id=${submissionId}$`));
  await expect(auditor.getByRole('heading', { level: 1 })).toHaveText(
    `Audit report of claim ${claimNumber}`,
  );
  await expect(
    auditor.getByText(/^Hash chain verified: \d+ event\(s\), none altered\.$/),
  ).toBeVisible();
  await expect(
    auditor.getByRole('heading', { name: /^Version 1 · Claim submitted$/ }),
  ).toBeVisible();
  await expect(auditor.getByRole('button', { name: 'Print' })).toBeVisible();
  await expectAccessibleWithoutSidewaysScroll(auditor);
  await auditor.emulateMedia({ media: 'print' });
  await expect(auditor.getByRole('button', { name: 'Print' })).toBeHidden();
  await expect(auditor.getByRole('banner')).toBeHidden();
  await auditor.emulateMedia({ media: 'screen' });

  // Writes through the API, as a crafted request would send them: 403, nothing appended.
  const before = await eventCount(auditor, submissionId);
  const read = await auditor.request.get(`/api/admin/claims/${submissionId}`);
  const save = await auditor.request.post(`/api/admin/claims/${submissionId}`, {
    headers: {
      'x-csrf-token': await csrfToken(auditor),
      origin: new URL(auditor.url()).origin,
      'if-match': read.headers().etag ?? '',
    },
    data: { status: 'Denied', additionalReason: [] },
  });
  expect(save.status()).toBe(403);
  expect(save.headers()['content-type']).toBe('application/problem+json');
  expect(await eventCount(auditor, submissionId)).toBe(before);
  await auditor.context().close();
});

async function eventCount(page: Page, submissionId: string): Promise<number> {
  const answer = await page.request.get(`/api/admin/claims/${submissionId}/events`);
  expect(answer.status()).toBe(200);
  return ((await answer.json()) as { events: unknown[] }).events.length;
}
