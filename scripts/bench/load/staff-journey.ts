import { demoUserForms } from '@tests/support/oidc-test-provider';
import type { RouteStats } from './route-stats';
import type { VirtualClient } from './virtual-client';

export interface StaffContext {
  readonly client: VirtualClient;
  readonly stats: RouteStats;
}

/** The staff sign-in through the development OpenID Provider, pressing a demo agent's button. */
export async function signInStaff({ client, stats }: StaffContext, sub: string): Promise<void> {
  const callback = new URL('/api/auth/callback', client.base).href;
  const init = await stats.time('GET /api/auth/init', 302, () => client.request('/api/auth/init'));
  let at = new URL(init.headers.location ?? '', client.base);
  const toPage = await client.request(at.href);
  at = new URL(toPage.headers.location ?? '', at);
  const form = demoUserForms((await client.request(at.href)).text).find((f) => f.sub === sub);
  if (!form) throw new Error(`no button for ${sub}`);
  let answer = await client.request(new URL(form.action, at).href, {
    method: 'POST',
    form: { sub },
  });
  for (let hop = 0; hop < 10; hop += 1) {
    at = new URL(answer.headers.location ?? '', at);
    if (at.href.startsWith(callback)) break;
    answer = await client.request(at.href);
  }
  await stats.time('GET /api/auth/callback', 302, () => client.request(at.href));
}

interface Found {
  readonly submissionId: string;
}

/** A search by the customer's email, as the staff search screen sends it; returns the hits. */
export async function searchByEmail({ client, stats }: StaffContext, email: string) {
  const answer = await stats.time('GET /api/admin/claims/search', 200, () =>
    client.request(`/api/admin/claims/search?type=email&value=${encodeURIComponent(email)}`),
  );
  return (JSON.parse(answer.text) as { rows: Found[] }).rows;
}

export async function openClaim({ client, stats }: StaffContext, submissionId: string) {
  await stats.time('GET /admin/claim', 200, () =>
    client.request(`/admin/claim?id=${submissionId}`),
  );
  await stats.time('GET /api/admin/claims/:id', 200, () =>
    client.request(`/api/admin/claims/${submissionId}`),
  );
  await stats.time('GET /api/admin/claims/:id/history', 200, () =>
    client.request(`/api/admin/claims/${submissionId}/history`),
  );
}

/** A staff save: the claim's number (one per claim) and a new benefit amount, on the version read. */
export async function amendClaim(
  { client, stats }: StaffContext,
  submissionId: string,
  claimNumber: string,
  cents: number,
) {
  const read = await stats.time('GET /api/admin/claims/:id (to save)', 200, () =>
    client.request(`/api/admin/claims/${submissionId}`),
  );
  // No version read, no save: sent without If-Match it would only be refused (428).
  if (read.status !== 200) throw new Error(`the claim's read answered ${read.status}`);
  const etag = read.headers.etag;
  await stats.time('POST /api/admin/claims/:id', 200, () =>
    client.request(`/api/admin/claims/${submissionId}`, {
      method: 'POST',
      body: { claimNumber, benefitAmount: (cents / 100).toFixed(2) },
      ifMatch: typeof etag === 'string' ? etag : undefined,
    }),
  );
}
