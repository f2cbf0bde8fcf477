import { expect, test } from '@playwright/test';
import { buildOpenApiDocument } from '@contracts/api/openapi';
import { expectAccessible } from './support/accessibility';

type Paths = Record<string, Record<string, { responses: Record<string, unknown> }>>;
const documented = Object.keys(
  (buildOpenApiDocument('0.1.0').paths as Paths)['/api/claims/draft']!.put!.responses,
);

test('the API reference is readable by people, axe clean, with nothing the CSP refuses (issue 49)', async ({
  page,
}) => {
  const refused: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) refused.push(message.text());
  });
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) =>
      console.error(`Refused to load: CSP ${event.violatedDirective} ${event.blockedURI}`),
    );
  });

  const answer = await page.goto('/api-reference');
  expect(answer?.status()).toBe(200);
  const policy = answer?.headers()['content-security-policy'] ?? '';
  expect(policy).toMatch(/script-src 'self'/);
  expect(policy).not.toContain('unsafe-inline');
  await expect(page.getByRole('heading', { level: 1, name: 'API reference' })).toBeVisible();

  // A known operation: saving the claim draft, with its If-Match header and every status.
  const save = page.locator('#op-saveClaimDraft');
  await expect(save.getByRole('heading', { level: 3 })).toHaveText(/PUT\s*\/api\/claims\/draft/);
  await expect(save.getByRole('row', { name: /If-Match header/ })).toBeVisible();
  await expect(save.getByText('employerFormChecked')).toBeVisible();
  const statuses = save.locator('.api-ref__responses tbody tr td:first-child');
  expect(await statuses.allTextContents()).toEqual(documented);
  expect(documented).toEqual(expect.arrayContaining(['200', '403', '409', '415', '428']));
  await expect(save.getByRole('row', { name: /^428 / })).toContainText('If-Match');

  // The table of contents leads to it.
  await page.getByRole('link', { name: 'PUT /api/claims/draft', exact: true }).click();
  await expect(page).toHaveURL(/#op-saveClaimDraft$/);

  await expectAccessible(page);
  expect(refused).toEqual([]);
});
