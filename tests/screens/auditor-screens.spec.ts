import { expect, test } from '@playwright/test';
import {
  registerVerifiedCustomer,
  signInThroughScreens,
  submitClaimThroughApi,
  uniqueEmail,
} from '../e2e/support/customers';
import { amendAsStaff, signInStaff } from '../e2e/support/staff';
import { makeShotFolders, settled, shoot } from './admin-shots';

/** The auditor's screens (decisions 062, 063), beside the staff screens in docs/screens/admin/. */

test('auditor screens', async ({ page: customer, browser }) => {
  makeShotFolders();
  const email = uniqueEmail('auditor-screens');
  await registerVerifiedCustomer(customer, email, 'Marie');
  await signInThroughScreens(customer, email, '/en/dashboard');
  const { submissionId } = await submitClaimThroughApi(customer, { policyNumber: 'AUD-2040' });
  const agent = await signInStaff(browser);
  await amendAsStaff(agent, submissionId, {
    claimNumber: `AU${Date.now() % 1_000_000}`,
    benefitAmount: '1250.50',
    status: 'Pending',
    additionalReason: ['recordOfEmployment', 'claimantStatement'],
  });
  await agent.context().close();

  const auditor = await signInStaff(browser, 'Ines Lavoie');
  await settled(auditor);
  await shoot(auditor, '20-auditor-search');
  await auditor.goto(`/admin/search?type=email&value=${encodeURIComponent(email)}`);
  await shoot(auditor, '21-auditor-results');
  await auditor.goto(`/admin/claim?id=${submissionId}`);
  await shoot(auditor, '22-auditor-claim-details');
  await auditor.getByRole('tab', { name: 'Claims History' }).click();
  await shoot(auditor, '23-auditor-claims-history');
  await auditor.getByRole('tab', { name: 'Audit' }).click();
  await shoot(auditor, '24-auditor-audit');
  await auditor.getByRole('link', { name: 'Open the printable audit report' }).click();
  await expect(auditor.getByRole('heading', { level: 1 })).toContainText('Audit report');
  await shoot(auditor, '25-auditor-audit-report');
  await auditor.emulateMedia({ media: 'print' });
  await shoot(auditor, '26-auditor-audit-report-print');
  await auditor.context().close();
});
