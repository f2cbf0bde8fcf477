import { expect, type Page } from '@playwright/test';
import { registrationBody } from '@contracts/identity/testing/identity-fixtures';
import { codeMailedTo, outboxFiles, signInThroughScreens, uniqueEmail } from './customers';

/** A JSON call from inside the page: Node cannot resolve *.localhost tenants, the browser can. */
export function callFromPage(page: Page, method: string, path: string, data?: unknown) {
  return page.evaluate(
    async ({ method, path, data }) => {
      const token = document.cookie.match(/csrf_token=([^;]+)/)?.[1] ?? '';
      const response = await fetch(path, {
        method,
        headers: { 'content-type': 'application/json', 'x-csrf-token': token },
        body: data === undefined ? undefined : JSON.stringify(data),
      });
      return { status: response.status, body: await response.text() };
    },
    { method, path, data },
  );
}

/** A customer registered, verified and signed in on the page's own tenant (base or jupiter). */
export async function signedInOnTenant(page: Page, label: string, language: string) {
  await page.goto('/en/');
  const email = uniqueEmail(label);
  const seen = await outboxFiles();
  const registered = await callFromPage(
    page,
    'POST',
    '/api/banktech/account_creation',
    registrationBody({ email, firstName: 'Marie-Ève', language }),
  );
  expect(registered.status, registered.body).toBe(201);
  const { userId } = JSON.parse(registered.body) as { userId: string };
  const verified = await callFromPage(page, 'POST', '/api/banktech/verify_user', {
    user_id: userId,
    verification_code: await codeMailedTo(email, seen),
  });
  expect(verified.status, verified.body).toBe(200);
  await signInThroughScreens(page, email, '/en/dashboard');
  return email;
}

/** Submits a claim through the API from the page; its submission id. */
export async function claimFromPage(page: Page, claim: Record<string, unknown> = {}) {
  const answer = await callFromPage(page, 'POST', '/api/claims', {
    policyNumber: `NS-${Date.now() % 1_000_000}`,
    productCode: '210',
    productType: 'Home Financing',
    claimType: 'Critical Illness',
    documents: [],
    ...claim,
  });
  expect(answer.status, answer.body).toBe(201);
  return JSON.parse(answer.body) as { submissionId: string; confirmationNumber: string };
}
