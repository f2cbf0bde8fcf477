import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POST as submitClaim } from '@site/pages/api/claims/index';
import { POST as stageDocuments } from '@site/pages/api/claims/draft/documents/index';
import {
  type ApiHarness,
  alice,
  apiContext,
  bob,
  jsonRequest,
  openApiHarness,
  pdf,
} from './api-harness';

/** Idempotency keys as the IETF draft httpapi-idempotency-key-header says (issue 49). */
describe('Idempotency-Key over the API', () => {
  let harness: ApiHarness;
  beforeAll(async () => {
    harness = await openApiHarness();
  }, 120_000);
  afterAll(async () => harness?.close());

  const upload = (key: string, file: { name: string; data: string }, customer = alice) =>
    stageDocuments(
      apiContext(
        jsonRequest(
          '/api/claims/draft/documents',
          { kind: 'claim', attachments: [file] },
          { 'idempotency-key': key },
        ),
        {},
        { customer },
      ),
    );

  it('replays the first answer when the same key comes with the same body', async () => {
    const key = uuidv7();
    const first = await upload(key, pdf('claim-form.pdf'));
    expect(first.status).toBe(201);
    const objects = await harness.objectCount();
    const again = await upload(key, pdf('claim-form.pdf'));
    expect(again.status).toBe(201);
    expect(await again.json()).toEqual(await first.json());
    expect(await harness.objectCount()).toBe(objects);
  });

  it('answers 422 problem+json and stores nothing when the same key comes with another body', async () => {
    const key = uuidv7();
    expect((await upload(key, pdf('first-form.pdf'), bob)).status).toBe(201);
    const objects = await harness.objectCount();
    const reused = await upload(key, pdf('other-form.pdf'), bob);
    expect(reused.status).toBe(422);
    expect(reused.headers.get('content-type')).toBe('application/problem+json');
    expect((await reused.json()).code).toBe('IDEMPOTENCY_KEY_REUSED');
    expect(await harness.objectCount()).toBe(objects);
  });

  it('says what a key must be when it is not a UUID v7', async () => {
    const before = await harness.eventCount();
    const response = await submitClaim(
      apiContext(
        jsonRequest(
          '/api/claims',
          {
            policyNumber: 'P-1',
            productCode: '210',
            productType: 'Mortgage',
            claimType: 'Job Loss',
          },
          { 'idempotency-key': 'not-a-key' },
        ),
      ),
    );
    expect(response.status).toBe(400);
    const problem = await response.json();
    expect(problem.errors).toContainEqual(
      expect.objectContaining({ field: 'Idempotency-Key', code: 'idempotencyKey' }),
    );
    expect(JSON.stringify(problem.errors)).toContain('UUID version 7');
    expect(await harness.eventCount()).toBe(before);
  });
});
