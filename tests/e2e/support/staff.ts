import { type Browser, expect, type Page } from '@playwright/test';
import { csrfToken } from './customers';

/**
 * A staff member signed in through the real OpenID Connect flow of the embedded
 * development provider (code + PKCE), in a browser context of its own.
 */
export async function signInStaff(browser: Browser, name = 'Claire Tremblay'): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto('/api/auth/init');
  await page.getByRole('button', { name: new RegExp(name) }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard/);
  return page;
}

/** A staff save through the staff API, as the claim edit page sends it. */
export async function amendAsStaff(
  page: Page,
  submissionId: string,
  changes: Record<string, unknown>,
) {
  const answer = await page.request.post(`/api/admin/claims/${submissionId}`, {
    headers: { 'x-csrf-token': await csrfToken(page), origin: new URL(page.url()).origin },
    data: changes,
  });
  expect(answer.status(), await answer.text()).toBe(200);
}

/** How many events of a type the claim's stream holds, as the audit timeline lists them. */
export async function eventCount(page: Page, submissionId: string, type: string): Promise<number> {
  const answer = await page.request.get(`/api/admin/claims/${submissionId}/events`);
  expect(answer.status()).toBe(200);
  const { events } = (await answer.json()) as { events: { type: string }[] };
  return events.filter((event) => event.type === type).length;
}
