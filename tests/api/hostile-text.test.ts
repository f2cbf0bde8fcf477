import type { APIRoute } from 'astro';
import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POST as recovery } from '@site/pages/api/auth/recovery/index';
import { POST as register } from '@site/pages/api/banktech/account_creation';
import { POST as addDocuments } from '@site/pages/api/claims/[submissionId]/documents';
import { PUT as saveDraft } from '@site/pages/api/claims/draft/index';
import { POST as submit } from '@site/pages/api/claims/index';
import {
  type ApiHarness,
  alice,
  apiContext,
  openApiHarness,
  pdf,
  submitSampleClaim,
} from './api-harness';

/** A body written as raw JSON text, so `\ud800` arrives as the escape an attacker sends. */
const raw = (path: string, text: string, method = 'POST') =>
  new Request(`http://portal.test${path}`, {
    method,
    headers: { 'content-type': 'application/json', 'idempotency-key': uuidv7() },
    body: text,
  });

/**
 * Issue 25, findings 2 and 3, each of which answered a 500: deep JSON before sign-in, a lone
 * surrogate in a claim description or a file name (jsonb refuses it), and the bidi controls
 * that make a name read backwards. Each is a 400 naming the field, and nothing is stored.
 */
describe('hostile text in request bodies', () => {
  let api: ApiHarness;
  let submissionId: string;

  beforeAll(async () => {
    api = await openApiHarness();
    submissionId = await submitSampleClaim(alice, 'P-25');
  });
  afterAll(() => api.close());

  async function expectRefused(
    route: APIRoute,
    request: Request,
    expected: { field: string; code: string },
    params: Record<string, string> = {},
    principal: Parameters<typeof apiContext>[2] = { customer: alice },
  ) {
    const events = await api.eventCount();
    const objects = await api.objectCount();
    const response = await route(apiContext(request, params, principal));
    expect(response.status).toBe(400);
    expect(response.headers.get('content-type')).toBe('application/problem+json');
    const body = (await response.json()) as { errors: { field: string; code: string }[] };
    expect(body.errors).toContainEqual(expect.objectContaining(expected));
    expect(await api.eventCount()).toBe(events);
    expect(await api.objectCount()).toBe(objects);
  }

  it('a 4 KB body nested 2,000 deep, and one nested 100,000 deep, without signing in', async () => {
    await expectRefused(
      recovery,
      raw('/api/auth/recovery', `${'['.repeat(2_000)}${']'.repeat(2_000)}`),
      { field: '', code: 'tooDeep' },
      {},
      {},
    );
    const deep = `{"email":${'{"a":'.repeat(100_000)}1${'}'.repeat(100_000)}}`;
    const response = await submit(apiContext(raw('/api/claims', deep)));
    expect(response.status).toBe(400);
    expect(((await response.json()) as { errors: unknown[] }).errors).toEqual([
      expect.objectContaining({ code: 'tooDeep' }),
    ]);
  });

  it('a lone surrogate or a bidi override in claimDescription', async () => {
    for (const text of ['\\ud800', 'refund \\u202eexe.pdf', 'a\\udc00']) {
      await expectRefused(
        submit,
        raw(
          '/api/claims',
          `{"policyNumber":"P-26","productCode":"210","productType":"Mortgage","claimType":"Job Loss","claimDescription":"${text}"}`,
        ),
        { field: 'claimDescription', code: 'invalidCharacters' },
      );
    }
  });

  it('a lone surrogate or a right-to-left override in a file name', async () => {
    for (const name of ['scan\\ud800.pdf', 'letter\\u202efdp.exe']) {
      const file = pdf('placeholder.pdf');
      await expectRefused(
        addDocuments,
        raw(
          `/api/claims/${submissionId}/documents`,
          `{"attachments":[{"name":"${name}","data":"${file.data}"}]}`,
        ),
        { field: 'attachments.0.name', code: 'invalidCharacters' },
        { submissionId },
      );
    }
  });

  it('in a draft and in a registration', async () => {
    await expectRefused(
      saveDraft,
      raw('/api/claims/draft', '{"step":1,"answers":{"claimDescription":"\\ud800"}}', 'PUT'),
      { field: 'answers.claimDescription', code: 'invalidCharacters' },
    );
    await expectRefused(
      register,
      raw('/api/banktech/account_creation', '{"firstName":"Ali\\u2066ce","email":"x@example.com"}'),
      { field: 'firstName', code: 'invalidCharacters' },
      {},
      {},
    );
  });

  it('keeps what people write: accents, emoji, Chinese, line breaks', async () => {
    const response = await submit(
      apiContext(
        raw(
          '/api/claims',
          JSON.stringify({
            policyNumber: 'P-27',
            productCode: '210',
            productType: 'Mortgage',
            claimType: 'Job Loss',
            claimDescription: 'Élodie perdu son emploi 😀\n理赔',
          }),
        ),
      ),
    );
    expect(response.status, await response.clone().text()).toBe(201);
  });
});
