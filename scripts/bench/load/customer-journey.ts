import { asDataUrl, samplePdf, samplePng } from '@contracts/documents/testing/sample-documents';
import { registrationBody, VALID_PASSWORD } from '@contracts/identity/testing/identity-fixtures';
import type { SmtpCapture } from '@tests/support/smtp-capture';
import type { RouteStats } from './route-stats';
import type { VirtualClient } from './virtual-client';

const CODE = /Code ?: ([A-Za-z0-9]+)/;
const json = (text: string) => JSON.parse(text) as Record<string, unknown>;

export interface CustomerContext {
  readonly client: VirtualClient;
  readonly smtp: SmtpCapture;
  readonly stats: RouteStats;
  readonly email: string;
}

/** Registration and verification, as the registration screens send them. */
export async function register({ client, smtp, stats, email }: CustomerContext): Promise<void> {
  await stats.time('GET /en/', 200, () => client.request('/en/'));
  const { userId } = json(
    (
      await stats.time('POST /api/banktech/account_creation', 201, () =>
        client.request('/api/banktech/account_creation', {
          method: 'POST',
          body: registrationBody({ email, firstName: 'Charge' }),
        }),
      )
    ).text,
  );
  const code = await smtp.codeFor(email, CODE, 30_000);
  await stats.time('POST /api/banktech/verify_user', 200, () =>
    client.request('/api/banktech/verify_user', {
      method: 'POST',
      body: { user_id: userId, verification_code: code },
    }),
  );
}

/** Password, then the mailed code, then the session: the sign-in screens' calls. */
export async function signIn({ client, smtp, stats, email }: CustomerContext): Promise<void> {
  const { flowId } = json(
    (
      await stats.time('POST /api/auth/flows', 201, () =>
        client.request('/api/auth/flows', { method: 'POST', body: {} }),
      )
    ).text,
  );
  const password = await stats.time('POST /api/auth/flows/:id/password', 200, () =>
    client.request(`/api/auth/flows/${flowId}/password`, {
      method: 'POST',
      body: { email, password: VALID_PASSWORD },
    }),
  );
  if (json(password.text).status !== 'OTP_REQUIRED') throw new Error(`sign-in: ${password.text}`);
  const otp = await smtp.codeFor(email, CODE, 30_000);
  await stats.time('POST /api/auth/flows/:id/otp', 200, () =>
    client.request(`/api/auth/flows/${flowId}/otp`, { method: 'POST', body: { otp } }),
  );
  await stats.time('POST /api/auth/session/initiate', 200, () =>
    client.request('/api/auth/session/initiate', { method: 'POST', body: { flowId } }),
  );
}

export async function signOut({ client, stats }: CustomerContext): Promise<void> {
  await stats.time('POST /api/auth/session/terminate', 204, () =>
    client.request('/api/auth/session/terminate', { method: 'POST', body: {} }),
  );
}

/** The dashboard as a signed-in customer opens it: the page, then its claims. */
export async function openDashboard({ client, stats }: CustomerContext): Promise<void> {
  await stats.time('GET /en/dashboard', 200, () => client.request('/en/dashboard'));
  await stats.time('GET /api/claims', 200, () => client.request('/api/claims'));
}

let policies = 0;

/** A claim with a claim form (PDF, ~40 KB) and a supporting scan (PNG), then its document list. */
export async function submitClaimWithFiles({ client, stats }: CustomerContext): Promise<void> {
  policies += 1;
  const answer = await stats.time('POST /api/claims (2 files)', 201, () =>
    client.request('/api/claims', {
      method: 'POST',
      body: {
        policyNumber: `LOAD-${process.pid}-${policies}`,
        productCode: '210',
        productType: 'Mortgage',
        claimType: 'Job Loss',
        documents: [
          {
            kind: 'claim',
            name: 'claim-form.pdf',
            data: asDataUrl(samplePdf(`Claim form ${policies}`, 40_000), 'application/pdf'),
          },
          {
            kind: 'supporting',
            name: 'statement.png',
            data: asDataUrl(samplePng(400, 300, 180, `statement ${policies}`), 'image/png'),
          },
        ],
      },
    }),
  );
  const { submissionId } = json(answer.text);
  await stats.time('GET /api/claims/:id/documents', 200, () =>
    client.request(`/api/claims/${submissionId}/documents`),
  );
}
