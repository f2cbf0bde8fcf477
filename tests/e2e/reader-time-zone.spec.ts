import { expect, type Page, test } from '@playwright/test';
import pg from 'pg';
import { embeddedDatabaseUrl } from '@infra/postgres/embedded';
import { greetingPeriod } from '@site/islands/format';
import { signedInCustomer, submitClaimThroughApi } from './support/customers';
import { islandsHydrated, openHydrated } from './support/hydration';

/**
 * Dates in the claimant's own zone (issue 47, decision 122). Each moment is one the issue
 * names, on a different day in Toronto (the portal's zone) than on the claimant's clock:
 * shown in Toronto time, every one of these checks fails.
 */
const CASES = [
  // 22:12 on December 5 in Vancouver (01:12 on December 6 in Toronto).
  { zone: 'America/Vancouver', at: '2026-12-06T06:12:00.000Z' },
  // 18:45 on December 6 in Kiritimati, UTC+14 (23:45 on December 5 in Toronto).
  { zone: 'Pacific/Kiritimati', at: '2026-12-06T04:45:00.000Z' },
  // 18:30 on December 5 in Pago Pago, UTC−11 (00:30 on December 6 in Toronto).
  { zone: 'Pacific/Pago_Pago', at: '2026-12-06T05:30:00.000Z' },
] as const;

const DATABASE = () =>
  embeddedDatabaseUrl(
    '.test-results/e2e-data',
    Number(process.env.E2E_PORT ?? 4399) + 1000,
    'claims',
  );

/**
 * As if the claim had been submitted at `at`: the server's clock is not the test's, so the
 * read models' times are moved straight in Postgres.
 */
async function submittedAt(submissionId: string, at: string): Promise<void> {
  const client = new pg.Client({ connectionString: DATABASE() });
  await client.connect();
  try {
    // The projector writes the rows moments after the answer: wait for them.
    await expect
      .poll(async () => {
        const claims = await client.query(
          'update claims set created_at = $2 where submission_id = $1',
          [submissionId, at],
        );
        const versions = await client.query(
          'update claim_versions set updated_at = $2 where submission_id = $1',
          [submissionId, at],
        );
        return Math.min(claims.rowCount ?? 0, versions.rowCount ?? 0);
      })
      .toBeGreaterThan(0);
  } finally {
    await client.end();
  }
}

/** The day of `at` as the browser's own clock tells it, with its zone's short name. */
const browserDay = (page: Page, at: string, locale: string) =>
  page.evaluate(
    ({ at, locale }) => {
      const moment = new Date(at);
      const day = new Intl.DateTimeFormat(locale, { dateStyle: 'long' }).format(moment);
      const zone = new Intl.DateTimeFormat(locale, { timeZoneName: 'short' })
        .formatToParts(moment)
        .find((part) => part.type === 'timeZoneName')?.value;
      return `${day} (${zone})`;
    },
    { at, locale },
  );

const WORDS = {
  en: {
    locale: 'en-CA',
    details: 'Claim details',
    submitted: 'Date submitted',
    timeline: 'Where your claim is',
    greeting: {
      morning: 'Good morning, Marie',
      afternoon: 'Good afternoon, Marie',
      evening: 'Good evening, Marie',
    },
  },
  fr: {
    locale: 'fr-CA',
    details: 'Détails de la réclamation',
    submitted: 'Date de soumission',
    timeline: 'Où en est votre réclamation',
    greeting: {
      morning: 'Bonjour, Marie',
      afternoon: 'Bon après-midi, Marie',
      evening: 'Bonsoir, Marie',
    },
  },
} as const;

for (const { zone, at } of CASES) {
  test.describe(`a browser in ${zone}`, () => {
    test.use({ timezoneId: zone });

    test(`the dashboard, claim page and timeline show the claim on ${zone}'s day, en and fr`, async ({
      page,
    }) => {
      test.setTimeout(90_000);
      await signedInCustomer(page, `zone-${zone.split('/')[1]?.toLowerCase()}`);
      const { submissionId, confirmationNumber } = await submitClaimThroughApi(page);
      await submittedAt(submissionId, at);

      for (const lang of ['en', 'fr'] as const) {
        const words = WORDS[lang];
        const day = await browserDay(page, at, words.locale);
        // Never the day in Toronto, whatever the zone database says of the offsets.
        const toronto = new Intl.DateTimeFormat(words.locale, {
          dateStyle: 'long',
          timeZone: 'America/Toronto',
        }).format(new Date(at));
        expect(day.startsWith(`${toronto} `)).toBe(false);

        // The server's HTML already says it (the zone cookie): no text changes as it hydrates.
        // Its text, the zone in a span of its own.
        const dashboardHtml = (await (await page.request.get(`/${lang}/dashboard`)).text()).replace(
          /<[^>]*>/g,
          '',
        );
        expect(dashboardHtml.includes(day), `the server's HTML says ${day}`).toBe(true);
        // The greeting keeps the same clock as the dates: the claimant's.
        const greeting =
          words.greeting[greetingPeriod(await page.evaluate(() => new Date().getHours()))];
        expect(dashboardHtml.includes(greeting), `the server's HTML says ${greeting}`).toBe(true);

        await openHydrated(page, `/${lang}/dashboard`);
        await expect(page.locator('main').getByText(confirmationNumber).first()).toBeVisible();
        await expect(page.locator('main').getByText(day, { exact: true }).first()).toBeVisible();
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(greeting);

        await openHydrated(page, `/${lang}/claim/${submissionId}`);
        await expect(page.getByRole('heading', { level: 1, name: words.details })).toBeVisible();
        const field = page.getByRole('term').filter({ hasText: words.submitted });
        await expect(field.locator('xpath=following-sibling::dd[1]')).toHaveText(day);
        const timeline = page.getByRole('region', { name: words.timeline });
        await expect(timeline.getByRole('listitem').first()).toContainText(day);
      }
    });
  });
}

test.describe('a browser whose zone the server has not heard of yet', () => {
  test.use({ timezoneId: 'Pacific/Kiritimati' });

  test('the claim page redoes the server’s dates in the browser’s zone as it loads', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await signedInCustomer(page, 'zone-unknown');
    const { submissionId } = await submitClaimThroughApi(page);
    const at = CASES[1].at;
    await submittedAt(submissionId, at);
    await page.context().clearCookies({ name: 'time_zone' });

    // Without the cookie the server renders Toronto's day, unnamed ...
    const html = await (await page.request.get(`/en/claim/${submissionId}`)).text();
    expect(html.includes('December 5, 2026'), 'Toronto’s day in the server’s HTML').toBe(true);

    // ... and the browser shows its own.
    await page.goto(`/en/claim/${submissionId}`);
    await islandsHydrated(page);
    const day = await browserDay(page, at, 'en-CA');
    const timeline = page.getByRole('region', { name: 'Where your claim is' });
    await expect(timeline.getByRole('listitem').first()).toContainText(day);
    expect(
      (await page.context().cookies()).find((cookie) => cookie.name === 'time_zone')?.value,
    ).toBe(encodeURIComponent('Pacific/Kiritimati'));
  });
});
