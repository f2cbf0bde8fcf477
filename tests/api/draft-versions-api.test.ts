import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMPTY_DRAFT_ANSWERS } from '@contracts/claims/claim-draft';
import type { Claimant } from '@contracts/claims/events';
import { POST as stageDocuments } from '@site/pages/api/claims/draft/documents/index';
import {
  DELETE as discard,
  GET as readDraft,
  PUT as saveDraft,
} from '@site/pages/api/claims/draft/index';
import { POST as submitDraft } from '@site/pages/api/claims/draft/submit';
import { alice, type ApiHarness, apiContext, openApiHarness, pdf } from './api-harness';

/** Decision 121: every draft write names the version it read; a submitted draft stays closed. */
describe('draft versions over the API', () => {
  let harness: ApiHarness;
  beforeAll(async () => {
    harness = await openApiHarness();
  }, 120_000);
  afterAll(async () => harness?.close());

  const claimantOf = (): Claimant => ({ ...alice, customerId: `customer-${uuidv7()}` });
  const answers = {
    ...EMPTY_DRAFT_ANSWERS,
    policyNumber: 'POL-1',
    productCode: '210',
    productType: 'Mortgage',
    claimType: 'Job Loss',
    claimDescription: 'Laid off',
    employerFormChecked: true,
  };
  const request = (method: string, path: string, headers: Record<string, string>, body?: unknown) =>
    new Request(`http://portal.test${path}`, {
      method,
      headers: body === undefined ? headers : { 'content-type': 'application/json', ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  const ifMatch = (etag?: string): Record<string, string> => (etag ? { 'if-match': etag } : {});

  const put = (customer: Claimant, etag: string | undefined, changes = {}, step = 5) =>
    saveDraft(
      apiContext(
        request('PUT', '/api/claims/draft', ifMatch(etag), {
          step,
          answers: { ...answers, ...changes },
        }),
        {},
        { customer },
      ),
    );
  const get = async (customer: Claimant) =>
    readDraft(apiContext(request('GET', '/api/claims/draft', {}), {}, { customer }));
  const submit = (customer: Claimant, etag: string | undefined, key = uuidv7()) =>
    submitDraft(
      apiContext(
        request('POST', '/api/claims/draft/submit', { ...ifMatch(etag), 'idempotency-key': key }),
        {},
        { customer },
      ),
    );
  const upload = (customer: Claimant, etag: string | undefined, name: string) =>
    stageDocuments(
      apiContext(
        request(
          'POST',
          '/api/claims/draft/documents',
          {
            ...ifMatch(etag),
            'idempotency-key': uuidv7(),
            'content-type': 'application/json',
          },
          { kind: 'supporting', attachments: [pdf(name)] },
        ),
        {},
        { customer },
      ),
    );
  const draftRows = async (customer: Claimant) =>
    Number(
      (
        await harness.database.pool.query(
          'select count(*) from claim_drafts where customer_id = $1',
          [customer.customerId],
        )
      ).rows[0].count,
    );

  it('answers the draft with its version in ETag, and each write with the next one', async () => {
    const customer = claimantOf();
    const empty = await get(customer);
    expect(empty.headers.get('etag')).toBe('"new"');
    expect((await empty.json()).etag).toBe('"new"');
    const saved = await put(customer, '"new"');
    expect(saved.status).toBe(200);
    const etag = saved.headers.get('etag') ?? '';
    expect(etag).toMatch(/^"[0-9a-f-]{36}\.1"$/);
    expect((await get(customer)).headers.get('etag')).toBe(etag);
    // Moving between pages changes no answer: the version stays.
    expect((await put(customer, etag, {}, 3)).headers.get('etag')).toBe(etag);
  });

  it('refuses a draft write or a submit without If-Match with 428, changing nothing', async () => {
    const customer = claimantOf();
    const missing = await put(customer, undefined);
    expect(missing.status).toBe(428);
    expect(missing.headers.get('content-type')).toBe('application/problem+json');
    expect((await missing.json()).code).toBe('PRECONDITION_REQUIRED');
    expect(await draftRows(customer)).toBe(0);
    const etag = (await put(customer, '"new"')).headers.get('etag') ?? '';
    const events = await harness.eventCount();
    expect((await submit(customer, undefined)).status).toBe(428);
    const startOver = await discard(
      apiContext(request('DELETE', '/api/claims/draft', {}), {}, { customer }),
    );
    expect(startOver.status).toBe(428);
    expect((await put(customer, 'W/"12"')).status).toBe(400);
    expect(await harness.eventCount()).toBe(events);
    expect((await get(customer)).headers.get('etag')).toBe(etag);
  });

  it('answers a stale write 409 with what the other tab changed, and keeps the other tab’s answers', async () => {
    const customer = claimantOf();
    const read = (await put(customer, '"new"')).headers.get('etag') ?? '';
    // Tab A changes the policy number; tab B, still at the version it read, saves its own.
    const a = await put(customer, read, { policyNumber: 'POL-A' });
    expect(a.status).toBe(200);
    const b = await put(customer, read, { claimDescription: 'Tab B words' });
    expect(b.status).toBe(409);
    expect(b.headers.get('content-type')).toBe('application/problem+json');
    const problem = await b.json();
    expect(problem).toMatchObject({
      code: 'CONFLICT',
      reason: 'draftChanged',
      etag: a.headers.get('etag'),
      changes: [{ field: 'policyNumber', from: 'POL-1', to: 'POL-A' }],
      draft: { answers: { policyNumber: 'POL-A', claimDescription: 'Laid off' } },
    });
    expect(b.headers.get('etag')).toBe(a.headers.get('etag'));
    expect((await (await get(customer)).json()).answers).toMatchObject({
      policyNumber: 'POL-A',
      claimDescription: 'Laid off',
    });
    // Keep mine: the same answers again, based on the version now current.
    const kept = await put(customer, problem.etag, { claimDescription: 'Tab B words' });
    expect(kept.status).toBe(200);
  });

  it('refuses a stale submit with 409, appending nothing and keeping the draft', async () => {
    const customer = claimantOf();
    const read = (await put(customer, '"new"')).headers.get('etag') ?? '';
    const current = (await put(customer, read, { policyNumber: 'POL-A' })).headers.get('etag');
    const events = await harness.eventCount();
    const stale = await submit(customer, read);
    expect(stale.status).toBe(409);
    expect(await stale.json()).toMatchObject({
      reason: 'draftChanged',
      changes: [{ field: 'policyNumber', from: 'POL-1', to: 'POL-A' }],
    });
    expect(await harness.eventCount()).toBe(events);
    expect(await draftRows(customer)).toBe(1);
    expect((await submit(customer, current ?? '')).status).toBe(201);
  });

  it('keeps a submitted draft closed: a stale Next, Submit or upload creates nothing', async () => {
    const customer = claimantOf();
    const etag = (await put(customer, '"new"')).headers.get('etag') ?? '';
    const key = uuidv7();
    const first = await submit(customer, etag, key);
    expect(first.status).toBe(201);
    const { submissionId, confirmationNumber } = await first.json();
    const events = await harness.eventCount();
    const objects = await harness.objectCount();

    const closed = { code: 'CONFLICT', reason: 'draftSubmitted', submissionId, confirmationNumber };
    const next = await put(customer, etag, { policyNumber: 'POL-B' });
    expect(next.status).toBe(409);
    expect(await next.json()).toMatchObject(closed);
    const again = await submit(customer, etag);
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject(closed);
    const staged = await upload(customer, etag, 'late.pdf');
    expect(staged.status).toBe(409);
    expect(await staged.json()).toMatchObject(closed);

    expect(await draftRows(customer)).toBe(0);
    expect(await harness.eventCount()).toBe(events);
    expect(await harness.objectCount()).toBe(objects);
    // The same submit sent again after a lost answer (same version, same key) finds its claim.
    const replay = await submit(customer, etag, key);
    expect(replay.status).toBe(201);
    expect(await replay.json()).toEqual({ submissionId, confirmationNumber });
    expect(await harness.eventCount()).toBe(events);
  });
});
