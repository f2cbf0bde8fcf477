import { asDataUrl, samplePdf } from '@contracts/documents/testing/sample-documents';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { APIContext } from 'astro';
import { v7 as uuidv7 } from 'uuid';
import type { Claimant, StaffMember } from '@contracts/claims/events';
import { type Config, getConfig } from '@infra/config/config';
import { closeRuntime, openRuntime, type Runtime } from '@infra/runtime';
import { projections } from '@projections/index';
import { GET as getClaimAsStaff } from '@site/pages/api/admin/claims/[submissionId]/index';
import { POST as submitClaimRoute } from '@site/pages/api/claims/index';
import { type ProjectionRunner, runProjections } from '@projections/runner/run-projections';
import { sharedCookies } from '@tests/support/shared-cookies';
import { createTestDatabase, type TestDatabase } from '@tests/support/test-database';

export { sharedCookies };

export const alice: Claimant = {
  customerId: 'customer-alice',
  email: 'alice@example.com',
  firstName: 'Alice',
  lastName: 'Martin',
  dateOfBirth: '1985-05-05',
};

export const bob: Claimant = {
  customerId: 'customer-bob',
  email: 'bob@example.com',
  firstName: 'Bob',
  lastName: 'Roy',
  dateOfBirth: '1979-09-09',
};

export const staffMember: StaffMember = { staffId: 'staff-1', email: 'agent@claims.example' };

export type Principals = Partial<Pick<App.Locals, 'customer' | 'staff' | 'staffRole'>>;

/** A real runtime (Postgres, files on disk, projector) behind the endpoint handlers. */
export interface ApiHarness {
  readonly runtime: Runtime;
  readonly database: TestDatabase;
  eventCount(): Promise<number>;
  objectCount(): Promise<number>;
  close(): Promise<void>;
}

/** `settings` override the configuration, e.g. an OpenID issuer for staff sign-in. */
export async function openApiHarness(settings: Partial<Config> = {}): Promise<ApiHarness> {
  const database = await createTestDatabase();
  const dataDir = await mkdtemp(join(tmpdir(), 'claims-api-'));
  const runtime = await openRuntime(
    { ...getConfig(), ...settings, DATA_DIR: dataDir },
    database.url,
  );
  const runner: ProjectionRunner = await runProjections({
    pool: runtime.pool,
    eventStore: runtime.eventStore,
    projections,
  });
  return {
    runtime,
    database,
    async eventCount() {
      return Number((await database.pool.query('select count(*) from events')).rows[0].count);
    },
    async objectCount() {
      const files = await readdir(join(dataDir, 'objects'), { recursive: true }).catch(() => []);
      return files.filter((f) => /[0-9a-f]{64}$/.test(f)).length;
    },
    async close() {
      await runner.stop();
      await closeRuntime();
      await database.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** What the principal middleware hands an endpoint. */
export function apiContext(
  request: Request,
  params: Record<string, string> = {},
  principals: Principals = { customer: alice },
): APIContext {
  return {
    request,
    params,
    url: new URL(request.url),
    cookies: sharedCookies,
    locals: { requestId: 'test-request', tenant: 'base', lang: 'en', ...principals },
  } as unknown as APIContext;
}

export function jsonRequest(
  path: string,
  body: unknown,
  headers: Record<string, string> = {},
): Request {
  return new Request(`http://portal.test${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'idempotency-key': uuidv7(), ...headers },
    body: JSON.stringify(body),
  });
}

export const getRequest = (path: string) => new Request(`http://portal.test${path}`);

const dataUrl = (bytes: Uint8Array, type = 'application/octet-stream') => asDataUrl(bytes, type);

/** A real PDF of at least `size` bytes; its name is in it, so two names are two contents. */
export function pdf(name: string, size = 400): { name: string; data: string } {
  return { name, data: dataUrl(samplePdf(name, size), 'application/pdf') };
}

/** An ELF executable renamed to look like a PDF. */
export function renamedExecutable(name = 'statement.pdf'): { name: string; data: string } {
  const bytes = new Uint8Array(256);
  bytes.set([0x7f, 0x45, 0x4c, 0x46, 0x02, 0x01, 0x01]);
  return { name, data: dataUrl(bytes, 'application/pdf') };
}

/** A claim without documents, submitted over the API by a customer, for tests that need one. */
export async function submitSampleClaim(
  customer: Claimant = alice,
  policyNumber = 'P-1',
): Promise<string> {
  const response = await submitClaimRoute(
    apiContext(
      jsonRequest('/api/claims', {
        policyNumber,
        productCode: '210',
        productType: 'Mortgage',
        claimType: 'Job Loss',
      }),
      {},
      { customer },
    ),
  );
  return ((await response.json()) as { submissionId: string }).submissionId;
}

/** The claim's ETag as staff read it now: what a staff save sends as If-Match. */
export async function staffEtag(submissionId: string): Promise<string> {
  const response = await getClaimAsStaff(
    apiContext(
      getRequest(`/api/admin/claims/${submissionId}`),
      { submissionId },
      {
        staff: staffMember,
      },
    ),
  );
  return response.headers.get('etag') ?? '"0"';
}
