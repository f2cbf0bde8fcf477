import { type Browser, type BrowserContextOptions, expect, type Page } from '@playwright/test';
import pg from 'pg';
import { claimStreamId } from '@contracts/claims/events';
import { embeddedDatabaseUrl } from '@infra/postgres/embedded';
import { csrfToken } from './customers';

/** The portal the browser tests start keeps its data here, on E2E_PORT + 1000 (playwright.config.ts). */
const E2E_DATABASE = () =>
  embeddedDatabaseUrl(
    '.test-results/e2e-data',
    Number(process.env.E2E_PORT ?? 4399) + 1000,
    'claims',
  );

/** Moves the end of a staff member's sessions, as if they had signed in hours ago. */
export async function endStaffSessionsIn(email: string, seconds: number): Promise<void> {
  const client = new pg.Client({ connectionString: E2E_DATABASE() });
  await client.connect();
  try {
    await client.query(
      `update staff_sessions set expires_at = now() + make_interval(secs => $2) where email = $1`,
      [email, seconds],
    );
  } finally {
    await client.end();
  }
}

/** Runs `work` with a connection to the browser tests' portal database. */
export async function withE2eDatabase<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: E2E_DATABASE() });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** Deletes the newest event of a claim's stream straight in Postgres, as a tamperer would. */
export async function deleteLastEvent(submissionId: string): Promise<number> {
  const client = new pg.Client({ connectionString: E2E_DATABASE() });
  await client.connect();
  try {
    const { rows } = await client.query<{ stream_revision: string }>(
      `delete from events where stream_id = $1
       and stream_revision = (select max(stream_revision) from events where stream_id = $1)
       returning stream_revision`,
      [claimStreamId(submissionId)],
    );
    expect(rows).toHaveLength(1);
    return Number(rows[0]?.stream_revision);
  } finally {
    await client.end();
  }
}

/**
 * A staff member signed in through the real OpenID Connect flow of the embedded
 * development provider (code + PKCE), in a browser context of its own.
 */
export async function signInStaff(
  browser: Browser,
  name = 'Claire Tremblay',
  options: BrowserContextOptions = {},
): Promise<Page> {
  const context = await browser.newContext(options);
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
  const read = await page.request.get(`/api/admin/claims/${submissionId}`);
  const answer = await page.request.post(`/api/admin/claims/${submissionId}`, {
    headers: {
      'x-csrf-token': await csrfToken(page),
      origin: new URL(page.url()).origin,
      'if-match': read.headers().etag ?? '',
    },
    data: changes,
  });
  expect(answer.status(), await answer.text()).toBe(200);
  // The save answers once stored; the read models show it moments later (decision 096).
  // Staff's next read waits for them, as their browser's would, so a claimant's page
  // loaded after this sees the change too.
  expect((await page.request.get(`/api/admin/claims/${submissionId}`)).status()).toBe(200);
}

/** How many events of a type the claim's stream holds, as the audit timeline lists them. */
export async function eventCount(page: Page, submissionId: string, type: string): Promise<number> {
  const answer = await page.request.get(`/api/admin/claims/${submissionId}/events`);
  expect(answer.status()).toBe(200);
  const { events } = (await answer.json()) as { events: { type: string }[] };
  return events.filter((event) => event.type === type).length;
}
