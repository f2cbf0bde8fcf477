import { expect, type Page, test } from '@playwright/test';
import { expectAccessible } from './support/accessibility';
import { signedInCustomer, submitClaimThroughApi } from './support/customers';

const CASES = {
  en: {
    noId: 'No claim ID provided.',
    notFound: 'Claim not found.',
    forbidden: 'You do not have permission to view this claim.',
    expired: 'Session expired. Please log in again.',
  },
  fr: {
    noId: 'Aucun identifiant de réclamation fourni.',
    notFound: 'Réclamation introuvable.',
    forbidden: 'Vous n’avez pas l’autorisation de consulter cette réclamation.',
    expired: 'Session expirée. Veuillez vous reconnecter.',
  },
} as const;

async function expectRefusal(page: Page, path: string, status: number, text: string) {
  const answer = await page.goto(path);
  expect(answer?.status(), path).toBe(status);
  await expect(page.getByRole('alert')).toHaveText(text);
  await expect(
    page.getByRole('link', { name: /Back to my claims|Retour à mes réclamations/ }),
  ).toBeVisible();
}

test('the claim page says why it shows no claim: no id, unknown, not a UUID, someone else’s, session expired (en and fr)', async ({
  page,
  browser,
}) => {
  await signedInCustomer(page, 'claim-refusals-owner');
  const { submissionId } = await submitClaimThroughApi(page);

  const other = await browser.newContext();
  const stranger = await other.newPage();
  await signedInCustomer(stranger, 'claim-refusals-other');
  for (const lang of ['en', 'fr'] as const) {
    const words = CASES[lang];
    await expectRefusal(stranger, `/${lang}/claim`, 404, words.noId);
    await expectRefusal(stranger, `/${lang}/claim/`, 404, words.noId);
    await expectRefusal(
      stranger,
      `/${lang}/claim/0190f0e4-0000-7000-8000-000000000000`,
      404,
      words.notFound,
    );
    await expectRefusal(stranger, `/${lang}/claim/not-a-uuid`, 404, words.notFound);
    await expectRefusal(stranger, `/${lang}/claim/${submissionId}`, 403, words.forbidden);
    await expect(stranger.getByText(submissionId)).toHaveCount(0);
    await expectAccessible(stranger);
  }
  // The owner still sees the claim.
  await page.goto(`/fr/claim/${submissionId}`);
  await expect(page.getByText(submissionId)).toBeVisible();

  // The session ends on the server while the browser keeps its cookie: sign-in says so,
  // then brings the claimant back to the claim.
  const cookies = await stranger.context().cookies();
  const ended = await stranger.request.post('/api/auth/session/terminate', {
    headers: {
      'x-csrf-token': cookies.find((c) => c.name === 'csrf_token')?.value ?? '',
    },
    data: {},
  });
  expect(ended.status()).toBe(204);
  await other.addCookies(cookies);
  for (const lang of ['en', 'fr'] as const) {
    await stranger.goto(`/${lang}/claim/${submissionId}`);
    await expect(stranger).toHaveURL(new RegExp(`/${lang}/\\?next=.*signedOut=expired$`));
    await expect(stranger.getByText(CASES[lang].expired)).toBeVisible();
  }
  await other.close();
});
