import { expect, test } from '@playwright/test';
import { expectAccessible } from './support/accessibility';
import { csrfToken, submitClaimThroughApi, uniqueEmail } from './support/customers';
import { registerVerifiedCustomer, signInThroughScreens } from './support/customers';
import { openHydrated } from './support/hydration';
import { eventCount, signInStaff } from './support/staff';

const PORT = Number(process.env.E2E_PORT ?? 4399);

// Issue 27, findings 4-6: what a browser is answered, in words, when staff pages refuse.
test('someone the provider knows but who is not staff gets the 403 page, and no session', async ({
  page,
}) => {
  await page.goto('/api/auth/init');
  await page.getByRole('button', { name: /Sam Roy/ }).click();
  await expect(page).toHaveURL(/\/admin\/error\/403$/);
  await expect(page.getByRole('heading', { name: 'Access denied', level: 1 })).toBeVisible();
  await expect(page.getByText('Error 403')).toBeVisible();
  await expect(page.getByText(/"title"|Not allowed/)).toHaveCount(0);
  await expectAccessible(page);
  const search = await page.request.get('/api/admin/claims/search?type=status&value=pending');
  expect(search.status()).toBe(401);
});

test('an unknown path on the admin host goes to the dashboard (staff spec §2)', async ({
  browser,
}) => {
  const context = await browser.newContext({ baseURL: `http://admin.localhost:${PORT}` });
  const page = await context.newPage();
  for (const path of ['/nowhere', '/en/dashboard', '/a/b/c?x=1']) {
    const first = page.waitForResponse(
      (answer) => new URL(answer.url()).pathname === path.split('?')[0],
    );
    await page.goto(path);
    const answer = await first;
    expect(answer.status(), path).toBe(302);
    expect(answer.headers().location, path).toBe('/admin/dashboard');
  }
  // Not signed in, the dashboard starts staff sign-in, as everywhere.
  await expect(page.getByRole('button', { name: /Claire Tremblay/ })).toBeVisible();
  await context.close();
});

test('a 5 MB letter is refused in the letter words, a 10 MB one at the edge, nothing saved; a tab-only search value asks for a value', async ({
  page: customer,
  browser,
}) => {
  const email = uniqueEmail('staff-refusals');
  await registerVerifiedCustomer(customer, email, 'Refused');
  await signInThroughScreens(customer, email, '/en/dashboard');
  const { submissionId } = await submitClaimThroughApi(customer);
  const staff = await signInStaff(browser);
  const before = await eventCount(staff, submissionId, 'DecisionLetterUploaded');

  const read = await staff.request.get(`/api/admin/claims/${submissionId}`);
  const sendLetter = (megabytes: number) => {
    const letter = Buffer.alloc(megabytes * 1024 * 1024, 0x20);
    letter.write('%PDF-1.4\n');
    return staff.request.post(`/api/admin/claims/${submissionId}`, {
      headers: {
        'x-csrf-token': csrf,
        origin: new URL(staff.url()).origin,
        'if-match': read.headers().etag ?? '',
      },
      data: {
        status: 'Approved',
        decisionLetter: {
          name: 'big.pdf',
          data: `data:application/pdf;base64,${letter.toString('base64')}`,
        },
      },
    });
  };
  const csrf = await csrfToken(staff);
  // Over the letter's 4 MB but within what the edge reads: refused in the letter's words,
  // among the save's other refusals (this save names no claim number either).
  const answer = await sendLetter(5);
  expect(answer.status()).toBe(400);
  const problem = (await answer.json()) as { errors: { field: string; message: string }[] };
  expect(problem.errors).toEqual(
    expect.arrayContaining([
      {
        field: 'decisionLetter',
        code: 'decisionLetter.tooLarge',
        message: 'File size exceeds 4MB limit. Please choose a smaller file.',
      },
    ]),
  );
  // 10 MB (13 MB as base64) is more than any route takes: the edge refuses it unread (decision 109).
  const huge = await sendLetter(10);
  expect(huge.status()).toBe(413);
  expect(await huge.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
  expect(await eventCount(staff, submissionId, 'DecisionLetterUploaded')).toBe(before);
  expect(
    (
      (await (await staff.request.get(`/api/admin/claims/${submissionId}`)).json()) as {
        status: string;
      }
    ).status,
  ).toBe('Submitted');

  const search = await staff.request.get('/api/admin/claims/search?type=claimNumber&value=%09');
  expect(search.status()).toBe(400);
  const refused = (await search.json()) as { errors: { field: string; message: string }[] };
  expect(refused.errors.map(({ field, message }) => ({ field, message }))).toEqual([
    { field: 'value', message: 'Please enter a search value' },
  ]);
  await openHydrated(staff, '/admin/search?type=claimNumber&value=%09');
  await expect(staff.getByText('Please enter a search value')).toBeVisible();
  await expect(staff.getByText(/control|character/i)).toHaveCount(0);
  await staff.context().close();
});
