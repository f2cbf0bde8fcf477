import { samplePdf } from '@contracts/documents/testing/sample-documents';
import type { APIContext } from 'astro';
import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getConfig } from '@infra/config/config';
import { closeRuntime, openRuntime, type Runtime } from '@infra/runtime';
import { projections } from '@projections/index';
import { type ProjectionRunner, runProjections } from '@projections/runner/run-projections';
import { GET as getClaim } from '@site/pages/api/claims/[submissionId]';
import { GET as listDocuments } from '@site/pages/api/claims/[submissionId]/documents';
import { GET as listClaims, POST as submitClaim } from '@site/pages/api/claims/index';
import { sharedCookies } from '@tests/support/shared-cookies';
import { createTestDatabase, type TestDatabase } from '@tests/support/test-database';

const valid = {
  policyNumber: 'POL-77',
  productCode: '210',
  productType: 'Mortgage',
  claimType: 'Job Loss',
  claimDescription: 'Laid off',
};

const alice = {
  customerId: 'customer-alice',
  email: 'alice@example.com',
  firstName: 'Alice',
  lastName: 'Martin',
  dateOfBirth: '1985-05-05',
};

/** What the principal middleware hands an endpoint: the signed-in customer is Alice unless said otherwise. */
function context(
  request: Request,
  params: Record<string, string> = {},
  principals: Partial<Pick<App.Locals, 'customer' | 'staff'>> = { customer: alice },
): APIContext {
  return {
    request,
    params,
    cookies: sharedCookies,
    locals: { requestId: 'test-request', tenant: 'base', lang: 'en', ...principals },
  } as unknown as APIContext;
}

function post(body: string, headers: Record<string, string> = {}): Request {
  return new Request('http://portal.test/api/claims', {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body,
  });
}

describe('claims API', () => {
  let database: TestDatabase;
  let runtime: Runtime;
  let runner: ProjectionRunner;
  const eventCount = async () =>
    Number((await database.pool.query('select count(*) from events')).rows[0].count);

  beforeAll(async () => {
    database = await createTestDatabase();
    runtime = await openRuntime(getConfig(), database.url);
    runner = await runProjections({
      pool: runtime.pool,
      eventStore: runtime.eventStore,
      projections,
    });
  });
  afterAll(async () => {
    await runner.stop();
    await closeRuntime();
    await database.drop();
  });

  it('submits a claim, answers 201 once the dashboard lists it', async () => {
    const response = await submitClaim(context(post(JSON.stringify(valid))));
    expect(response.status).toBe(201);
    const { submissionId, confirmationNumber } = await response.json();
    expect(confirmationNumber).toMatch(/^[0-9A-Z]{5}-[0-9A-Z]{5}$/);

    const list = await (
      await listClaims(context(new Request('http://portal.test/api/claims')))
    ).json();
    expect(list.claims.map((c: { submissionId: string }) => c.submissionId)).toContain(
      submissionId,
    );
  });

  it('appends a retried submission (same Idempotency-Key) once', async () => {
    const key = uuidv7();
    const before = await eventCount();
    const first = await submitClaim(
      context(post(JSON.stringify(valid), { 'idempotency-key': key })),
    );
    const retry = await submitClaim(
      context(post(JSON.stringify(valid), { 'idempotency-key': key })),
    );
    expect([first.status, retry.status]).toEqual([201, 201]);
    expect((await retry.json()).submissionId).toBe((await first.json()).submissionId);
    expect(await eventCount()).toBe(before + 1);
  });

  it.each([
    ['an empty policy number', { ...valid, policyNumber: '' }, 'policyNumber', 'required'],
    [
      'a policy number over 20 characters',
      { ...valid, policyNumber: 'A'.repeat(21) },
      'policyNumber',
      'tooLong',
    ],
    [
      'a policy number with spaces',
      { ...valid, policyNumber: 'A B' },
      'policyNumber',
      'invalidFormat',
    ],
    ['an unknown product', { ...valid, productCode: '999' }, 'productCode', 'invalidChoice'],
    ['an unknown claim type', { ...valid, claimType: 'Boredom' }, 'claimType', 'invalidChoice'],
    [
      'a missing product type',
      { ...valid, productType: undefined },
      'productType',
      'invalidChoice',
    ],
  ])('refuses %s with a field error and appends nothing', async (_, body, field, code) => {
    const before = await eventCount();
    const response = await submitClaim(context(post(JSON.stringify(body))));
    expect(response.status).toBe(400);
    expect(response.headers.get('content-type')).toBe('application/problem+json');
    const problem = await response.json();
    expect(problem.code).toBe('VALIDATION_FAILED');
    expect(problem.errors).toContainEqual(expect.objectContaining({ field, code }));
    expect(await eventCount()).toBe(before);
  });

  it('refuses malformed JSON, a non-JSON body, an oversized body and a bad Idempotency-Key', async () => {
    const before = await eventCount();
    expect((await submitClaim(context(post('{nope')))).status).toBe(400);
    expect(
      (await submitClaim(context(post(JSON.stringify(valid), { 'content-type': 'text/plain' }))))
        .status,
    ).toBe(415);
    const huge = JSON.stringify({ ...valid, claimDescription: 'x'.repeat(8 * 1024 * 1024 + 1) });
    expect((await submitClaim(context(post(huge)))).status).toBe(413);
    expect(
      (await submitClaim(context(post(JSON.stringify(valid), { 'idempotency-key': 'not-a-uuid' }))))
        .status,
    ).toBe(400);
    expect(await eventCount()).toBe(before);
  });

  it('ignores any claimant sent in the body: the claim belongs to the session customer', async () => {
    const response = await submitClaim(
      context(
        post(JSON.stringify({ ...valid, email: 'someone.else@example.com', customerId: 'other' })),
      ),
    );
    const { submissionId } = await response.json();
    // Read through the API first: it waits for the read model to show this customer's write.
    const read = await getClaim(
      context(new Request(`http://portal.test/api/claims/${submissionId}`), { submissionId }),
    );
    expect(read.status).toBe(200);
    const claim = await database.pool.query(
      'select customer_id, email from claims where submission_id = $1',
      [submissionId],
    );
    expect(claim.rows[0]).toEqual({
      customer_id: 'customer-alice',
      email: 'alice@example.com',
    });
  });

  it('answers 401 without a signed-in customer and appends nothing', async () => {
    const before = await eventCount();
    const response = await submitClaim(context(post(JSON.stringify(valid)), {}, {}));
    expect(response.status).toBe(401);
    expect((await response.json()).code).toBe('UNAUTHENTICATED');
    expect(
      (await listClaims(context(new Request('http://portal.test/api/claims'), {}, {}))).status,
    ).toBe(401);
    expect(await eventCount()).toBe(before);
  });

  it("answers 404 for another customer's claim and for ids that are not claims", async () => {
    const othersClaim = uuidv7();
    await database.pool.query(
      `insert into claims (submission_id, customer_id, email, first_name, last_name, date_of_birth,
         confirmation_number, policy_number, product_code, product_type, claim_type, status, org_id,
         created_at, updated_at, version)
       values ($1, 'someone-else', 'b@example.com', 'b', 'b', '1970-01-01', 'X', 'P', '110', 'Loans',
         'Disability', 'Submitted', 'o', now(), now(), 1)`,
      [othersClaim],
    );
    for (const id of [othersClaim, uuidv7(), 'not-a-uuid']) {
      const response = await getClaim(
        context(new Request(`http://portal.test/api/claims/${id}`), { submissionId: id }),
      );
      expect(response.status).toBe(404);
      expect((await response.json()).code).toBe('NOT_FOUND');
      const documents = await listDocuments(
        context(new Request(`http://portal.test/api/claims/${id}/documents`), { submissionId: id }),
      );
      expect(documents.status).toBe(404);
    }
  });

  it("lists the documents of the customer's own claim, with no storage keys", async () => {
    const pdf = `data:application/pdf;base64,${samplePdf('a claim form').toString('base64')}`;
    const submitted = await submitClaim(
      context(
        post(
          JSON.stringify({ ...valid, documents: [{ kind: 'claim', name: 'form.pdf', data: pdf }] }),
        ),
      ),
    );
    expect(submitted.status).toBe(201);
    const { submissionId } = await submitted.json();
    const response = await listDocuments(
      context(new Request(`http://portal.test/api/claims/${submissionId}/documents`), {
        submissionId,
      }),
    );
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body).toEqual({
      documents: [{ fileName: 'form.pdf', size: expect.any(Number), kind: 'claim' }],
    });
    expect(JSON.stringify(body)).not.toMatch(/claims\/|sha256|key/);
  });
});
