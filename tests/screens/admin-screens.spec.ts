import { expect, test } from '@playwright/test';
import {
  registerVerifiedCustomer,
  signInThroughScreens,
  submitClaimThroughApi,
  uniqueEmail,
} from '../e2e/support/customers';
import { asDataUrl } from '@contracts/documents/testing/sample-documents';
import { pdfFile, pngFile } from '../e2e/support/documents';
import { amendAsStaff, signInStaff } from '../e2e/support/staff';
import { makeShotFolders, OUT, settled, shoot, VIEWPORTS } from './admin-shots';

/** Every staff screen (English only, staff spec §1), at desktop width and at 390 px. */

test('staff screens', async ({ page: customer, browser }) => {
  makeShotFolders();
  const email = uniqueEmail('admin-screens');
  await registerVerifiedCustomer(customer, email, 'Marie');
  await signInThroughScreens(customer, email, '/en/dashboard');
  const claims = [];
  for (let index = 0; index < 12; index += 1) {
    claims.push(await submitClaimThroughApi(customer, { policyNumber: `ADM-${2040 + index}` }));
  }
  const [target, other] = claims as [(typeof claims)[0], (typeof claims)[0]];

  const signIn = await browser.newPage();
  await signIn.goto('/api/auth/init');
  await shoot(signIn, '01-staff-sign-in');
  await signIn.close();

  const staff = await signInStaff(browser);
  await amendAsStaff(staff, other.submissionId, {
    claimNumber: `S${Date.now() % 1_000_000}`,
    status: 'Pending',
    additionalReason: ['recordOfEmployment', 'claimantStatement'],
  });
  await settled(staff);
  await shoot(staff, '02-search');
  await staff.getByLabel('Search by').selectOption('name');
  await staff.getByRole('button', { name: 'Search' }).click();
  await shoot(staff, '03-search-errors');

  await staff.goto(`/admin/search?type=email&value=${encodeURIComponent(email)}`);
  await shoot(staff, '04-results');
  await staff.goto('/admin/search?type=email&value=nobody%40example.test');
  await shoot(staff, '05-no-results');

  await staff.goto(`/admin/claim?id=${target.submissionId}`);
  await shoot(staff, '06-claim-details');
  await staff.getByLabel('Claim number').fill('AB-12');
  await staff.getByLabel('Benefit amount').fill('1250.555');
  await staff.getByLabel('Initial payment date').fill('2026-12-01');
  await staff.getByLabel('Benefits approved to date').fill('2026-11');
  await staff.getByLabel('Benefits approved to date').blur();
  await staff.getByLabel('Status').selectOption('Denied');
  await shoot(staff, '07-claim-edit-errors');
  await staff.getByRole('link', { name: 'Search claims' }).click();
  await shoot(staff, '08-unsaved-changes', { fullPage: false });
  await staff.getByRole('button', { name: 'Stay' }).click();

  await staff.getByLabel('Claim number').fill(`A${Date.now() % 1_000_000}`);
  await staff.getByLabel('Benefit amount').fill('1250.50');
  await staff.getByLabel('Benefits approved to date').fill('2027-05-31');
  await staff.getByLabel('Status').selectOption('Approved');
  await staff.getByRole('checkbox', { name: 'File sent to Medical Department' }).check();
  await staff.getByLabel('Choose a PDF').setInputFiles({
    name: 'approval.pdf',
    mimeType: 'application/pdf',
    buffer: pdfFile('Approval'),
  });
  await staff.getByRole('button', { name: 'Save' }).click();
  await expect(staff.getByText('Your changes were successfully saved')).toBeVisible();
  await staff.setViewportSize(VIEWPORTS.desktop);
  await staff.screenshot({ path: `${OUT}/desktop/09-saved.jpg`, type: 'jpeg', quality: 70 });

  await staff.getByRole('tab', { name: 'Claims History' }).click();
  // Whole-page shots of a wide scrolling table come out wider than the page; the viewport shows it as seen.
  await shoot(staff, '10-claims-history', { fullPage: false });
  await staff.getByRole('tab', { name: 'Audit' }).click();
  await staff.getByLabel('Date and time (your time zone)').fill('2030-01-01T00:00:00');
  await staff.getByRole('button', { name: 'Show' }).click();
  await expect(staff.getByText(/^As of /)).toBeVisible();
  await shoot(staff, '11-audit');

  // The claimant's documents beside the form (issue 27, finding 8), then their views in the Audit tab.
  const withDocuments = await submitClaimThroughApi(customer, {
    policyNumber: 'ADM-2060',
    documents: [
      {
        kind: 'claim',
        name: 'relevé d’emploi.pdf',
        data: asDataUrl(pdfFile('Relevé'), 'application/pdf'),
      },
      {
        kind: 'supporting',
        name: 'receipt.png',
        data: asDataUrl(pngFile(480, 320, 120), 'image/png'),
      },
    ],
  });
  await staff.goto(`/admin/claim?id=${withDocuments.submissionId}`);
  await settled(staff);
  await staff.getByRole('button', { name: 'relevé d’emploi.pdf' }).click();
  await expect(staff.getByRole('region', { name: /^Viewing / })).toBeVisible();
  // The browser's PDF viewer paints into the viewport only: the viewer as seen, once painted.
  for (const [size, viewport] of Object.entries(VIEWPORTS)) {
    await staff.setViewportSize(viewport);
    await staff.getByRole('heading', { name: /^Viewing / }).scrollIntoViewIfNeeded();
    await staff.waitForTimeout(1500);
    await staff.screenshot({
      path: `${OUT}/${size}/13-document-viewer.jpg`,
      type: 'jpeg',
      quality: 70,
    });
  }
  await staff.getByRole('button', { name: 'receipt.png' }).click();
  await staff.getByRole('tab', { name: 'Audit' }).click();
  await expect(staff.getByText(/viewed receipt\.png/)).toBeVisible();
  await shoot(staff, '14-audit-document-views');

  for (const code of ['404', '403', '500']) {
    await staff.goto(`/admin/error/${code}`);
    await shoot(staff, `12-error-${code}`);
  }
  await staff.context().close();
});
