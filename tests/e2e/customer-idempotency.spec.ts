import { expect, type Page, type Route, test } from '@playwright/test';
import {
  csrfToken,
  registerVerifiedCustomer,
  signInThroughScreens,
  submitClaimThroughApi,
  uniqueEmail,
} from './support/customers';
import { pdfFile } from './support/documents';
import { openHydrated } from './support/hydration';

const UUID_V7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/**
 * Lets the first POST reach the server, then drops its answer (a lost connection), and lets
 * the rest through; collects each request's Idempotency-Key.
 */
async function loseFirstAnswer(page: Page, url: string): Promise<string[]> {
  const keys: string[] = [];
  await page.route(url, async (route: Route) => {
    const request = route.request();
    if (request.method() !== 'POST') return route.continue();
    keys.push(request.headers()['idempotency-key'] ?? '');
    if (keys.length === 1) {
      await route.fetch();
      return route.abort('connectionreset');
    }
    return route.continue();
  });
  return keys;
}

test.describe('a customer write whose answer is lost stores once when sent again (issue 24)', () => {
  test('additional documents: Submit again after a lost answer adds the batch once', async ({
    page,
  }) => {
    const email = uniqueEmail('idem-docs');
    await registerVerifiedCustomer(page, email, 'Idem');
    await signInThroughScreens(page, email, '/en/dashboard');
    const { submissionId } = await submitClaimThroughApi(page);
    const keys = await loseFirstAnswer(page, `**/api/claims/${submissionId}/documents`);
    await openHydrated(page, `/en/claim/${submissionId}`);
    await page.getByLabel('choose files').setInputFiles({
      name: 'bank-statement.pdf',
      mimeType: 'application/pdf',
      buffer: pdfFile('Bank statement'),
    });
    await expect(
      page.getByRole('listitem').filter({ hasText: 'bank-statement.pdf' }),
    ).toBeVisible();
    const send = page.getByRole('button', { name: 'Submit' });
    await send.click();
    await expect(page.getByRole('alert')).toHaveText(
      'We could not send your documents. Please check your connection and try again.',
    );
    await expect(send).toBeEnabled();
    await send.click();
    await expect(page.getByRole('status')).toHaveText(
      'Thank you. We received: bank-statement.pdf.',
    );
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(UUID_V7);
    expect(keys[1]).toBe(keys[0]);
    const claim = await (await page.request.get(`/api/claims/${submissionId}`)).json();
    expect(claim.documentCount).toBe(1);
  });

  test('the wizard: Submit claim again after a lost answer gives the one claim', async ({
    page,
  }) => {
    const email = uniqueEmail('idem-wizard');
    await registerVerifiedCustomer(page, email, 'Idem');
    await signInThroughScreens(page, email, '/en/dashboard');
    const policyNumber = `ID-${Date.now() % 1_000_000}`;
    const saved = await page.request.put('/api/claims/draft', {
      headers: { 'x-csrf-token': await csrfToken(page), 'if-match': '"new"' },
      data: {
        step: 5,
        answers: {
          policyNumber,
          productCode: '210',
          productType: 'Mortgage',
          claimType: 'Disability',
          claimDescription: 'Back injury',
          employerFormChecked: false,
          physicianStatementChecked: true,
        },
      },
    });
    expect(saved.status(), await saved.text()).toBe(200);
    const { attemptId } = await saved.json();
    const keys = await loseFirstAnswer(page, '**/api/claims/draft/submit');

    await openHydrated(page, '/en/add-claim');
    const submit = page.getByRole('button', { name: 'Submit claim' });
    await submit.click();
    await expect(page.getByRole('alert').first()).toBeVisible();
    await expect(submit).toBeEnabled();
    await submit.click();
    await expect(page.getByRole('heading', { name: 'Claim submitted' })).toBeVisible();
    // The tab's own submit key, sent again with the retry (decision 121).
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(UUID_V7);
    expect(keys[1]).toBe(keys[0]);
    const { claims } = await (await page.request.get('/api/claims')).json();
    expect(claims.filter((c: { policyNumber: string }) => c.policyNumber === policyNumber)).toEqual(
      [expect.objectContaining({ submissionId: attemptId })],
    );
  });
});
