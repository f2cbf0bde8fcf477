import { expect, type Page, test } from '@playwright/test';
import { registrationBody } from '@contracts/identity/testing/identity-fixtures';
import { codeMailedTo, outboxFiles, signInThroughScreens, uniqueEmail } from './support/customers';
import { keysShown, PUBLIC_PAGES } from './support/dictionary';

const PORT = Number(process.env.E2E_PORT ?? 4399);
const JUPITER = `http://jupiter.localhost:${PORT}`;

/** A JSON POST from inside the page: Node cannot resolve *.localhost, the browser can. */
function postFromPage(page: Page, path: string, data: unknown) {
  return page.evaluate(
    async ({ path, data }) => {
      const token = document.cookie.match(/csrf_token=([^;]+)/)?.[1] ?? '';
      const response = await fetch(path, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-csrf-token': token },
        body: JSON.stringify(data),
      });
      return { status: response.status, body: await response.text() };
    },
    { path, data },
  );
}

test('the jupiter tenant serves Chinese: every page in cn, signed out and signed in, translated and axe clean', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const context = await browser.newContext({ baseURL: JUPITER });
  const page = await context.newPage();
  const found: string[] = [];
  for (const path of PUBLIC_PAGES) found.push(...(await keysShown(page, `/cn/${path}`)));

  await page.goto('/cn/');
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-Hans');
  const dictionary = await page.evaluate(async () => (await fetch('/locales/cn.json')).status);
  expect(dictionary).toBe(200);
  await expect(page.getByRole('heading', { name: '登录' })).toBeVisible();
  const languages = page.getByRole('navigation', { name: '语言' });
  await expect(languages.getByRole('link')).toHaveCount(3);
  await expect(languages.getByRole('link', { name: '中文' })).toHaveAttribute(
    'aria-current',
    'true',
  );

  // Registered in Chinese on jupiter: the account keeps cn, so its mails are in Chinese too.
  const email = uniqueEmail('jupiter');
  const seen = await outboxFiles();
  const registered = await postFromPage(
    page,
    '/api/banktech/account_creation',
    registrationBody({ email, firstName: 'Mei', language: 'cn' }),
  );
  expect(registered.status).toBe(201);
  const { userId } = JSON.parse(registered.body) as { userId: string };
  const code = await codeMailedTo(email, seen);
  const verified = await postFromPage(page, '/api/banktech/verify_user', {
    user_id: userId,
    verification_code: code,
  });
  expect(verified.status).toBe(200);
  await signInThroughScreens(page, email, '/en/dashboard');
  const claim = {
    policyNumber: 'JUP-1',
    productCode: '210',
    productType: 'Mortgage',
    claimType: 'Job Loss',
  };
  expect((await postFromPage(page, '/api/claims', claim)).status).toBe(201);
  for (const path of ['dashboard', 'add-claim', 'profile'])
    found.push(...(await keysShown(page, `/cn/${path}`)));
  expect(found).toEqual([]);

  await page.goto('/cn/dashboard');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Mei');
  await expect(page.getByText('已提交').first()).toBeVisible();
  // API answers follow the page language: a refused field speaks Chinese.
  const refused = await postFromPage(page, '/api/claims', { ...claim, policyNumber: '' });
  expect(refused.status).toBe(400);
  expect(refused.body).toMatch(/\p{Script=Han}/u);
  await context.close();
});

test('Chinese is jupiter’s only: the base tenant answers 404 for /cn/ and offers no 中文; other tenants are not available', async ({
  page,
  browser,
}) => {
  await page.goto('/en/');
  await expect(page.getByRole('navigation', { name: 'Language' }).getByRole('link')).toHaveCount(2);
  expect((await page.request.get('/cn/')).status()).toBe(404);
  expect((await page.request.get('/cn/faq')).status()).toBe(404);
  // Nor its dictionary (issue 28 finding 10); the languages it offers still answer.
  expect((await page.request.get('/locales/cn.json')).status()).toBe(404);
  expect((await page.request.get('/locales/fr.json')).status()).toBe(200);

  const other = await browser.newContext({ baseURL: `http://saturn.localhost:${PORT}` });
  const saturn = await other.newPage();
  const answer = await saturn.goto('/en/');
  expect(answer?.status()).toBe(404);
  await expect(saturn.getByRole('heading', { name: 'Tenant Not Available' })).toBeVisible();
  await other.close();
});
