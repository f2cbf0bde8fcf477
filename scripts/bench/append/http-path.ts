import { rmSync } from 'node:fs';
import { v7 as uuidv7 } from 'uuid';
import { signInAsDemoStaffAt, TestBrowser } from '@tests/support/oidc-test-provider';
import { signInAsDemoCustomerAt } from '@tests/support/demo-customer-sign-in';
import { freePort } from '@tests/support/free-port';
import { embeddedDatabaseUrl } from '@infra/postgres/embedded';
import { startPortal } from '../portal-process';
import { lightClient } from './light-client';
import type { AppendOnce } from './writers';

/** The portal as `npm start` runs it, with the demo customer and a staff agent signed in. */
export async function openHttpPath(
  dataDir: string,
  env: Record<string, string> = {},
  /** Another checkout's portal, for a bench of before against after. */
  cwd?: string,
) {
  // A fresh portal each time, so claim numbers and timings do not depend on earlier runs.
  rmSync(dataDir, { recursive: true, force: true });
  const postgresPort = await freePort();
  const portal = await startPortal(
    { DATA_DIR: dataDir, EMBEDDED_POSTGRES_PORT: String(postgresPort), DEMO_DATA: 'on', ...env },
    await freePort(),
    undefined,
    cwd,
  );
  const customer = new TestBrowser();
  await signInAsDemoCustomerAt(customer, portal.base, dataDir);
  const staff = new TestBrowser();
  await signInAsDemoStaffAt(staff, portal.base);
  // After sign-in, each role's requests carry its cookies and CSRF token as a browser would.
  const as = (browser: TestBrowser, session: string) => {
    const csrf = browser.cookie('csrf_token') ?? '';
    return lightClient(portal.base, {
      cookie: `${session}=${browser.cookie(session) ?? ''}; csrf_token=${csrf}`,
      'x-csrf-token': csrf,
      origin: portal.base,
    });
  };
  const clients = { customer: as(customer, 'session'), staff: as(staff, 'staff_session') };
  const send = async (
    who: keyof typeof clients,
    path: string,
    body: unknown,
    expected: number,
    headers: Record<string, string> = {},
  ) => {
    const answer = await clients[who]('POST', path, body, headers);
    if (answer.status !== expected) throw new Error(`${path}: ${answer.status} ${answer.text}`);
    return { body: JSON.parse(answer.text) as Record<string, unknown>, etag: answer.etag };
  };
  let policy = 0;
  let editors = 0;
  const submit = async () => {
    policy += 1;
    // With an Idempotency-Key, as the claim wizard sends its submission.
    const submitted = await send(
      'customer',
      '/api/claims',
      {
        policyNumber: `BENCH-${process.pid}-${policy}`,
        productCode: '210',
        productType: 'Mortgage',
        claimType: 'Job Loss',
        documents: [],
      },
      201,
      { 'idempotency-key': uuidv7() },
    );
    return submitted.body;
  };
  return {
    /** A customer submitting a claim without files, then the next. */
    submitter: (): AppendOnce => async () => {
      await submit();
    },
    /** A staff agent changing the benefit amount of one claim, again and again. */
    async editor(): Promise<AppendOnce> {
      const { submissionId } = (await submit()) as { submissionId: string };
      // The edit form always sends the claim number; each editor keeps its own.
      editors += 1;
      const claimNumber = `B${String(editors).padStart(7, '0')}`;
      let cents = 10_000;
      // Each save names the version it is based on (decision 048), as the edit form does.
      let etag = (await clients.staff('GET', `/api/admin/claims/${submissionId}`, undefined)).etag;
      return async () => {
        cents += 1;
        const saved = await send(
          'staff',
          `/api/admin/claims/${submissionId}`,
          { claimNumber, benefitAmount: (cents / 100).toFixed(2) },
          200,
          { 'if-match': etag ?? '' },
        );
        etag = saved.etag;
      };
    },
    /** What the reference server needs to do the same lookups on the same database. */
    sessions: () => ({
      databaseUrl: embeddedDatabaseUrl(dataDir, postgresPort, 'claims'),
      customerSession: customer.cookie('session') ?? '',
      staffSession: staff.cookie('staff_session') ?? '',
    }),
    /**
     * The portal process (web and in-process projector) paused while the reference runs, so
     * the two never share the cores; its Postgres, a process of its own, keeps serving.
     */
    pid: () => portal.child.pid as number,
    pause: () => portal.child.kill('SIGSTOP'),
    resume: () => portal.child.kill('SIGCONT'),
    stop: () => portal.stop(),
  };
}
