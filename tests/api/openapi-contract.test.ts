import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildOpenApiDocument } from '@contracts/api/openapi';
import { POST as submitClaim } from '@site/pages/api/claims/index';
import { POST as stageDocuments } from '@site/pages/api/claims/draft/documents/index';
import { GET as openApiRoute } from '@site/pages/api/openapi.json';
import {
  type ObservedAnswer,
  contractViolations,
  unresolvedRefs,
} from '../support/openapi-contract';
import { type ApiHarness, apiContext, bob, jsonRequest, openApiHarness, pdf } from './api-harness';

const claim = {
  policyNumber: 'P-9',
  productCode: '210',
  productType: 'Mortgage',
  claimType: 'Job Loss',
};

async function observed(method: string, path: string, response: Response): Promise<ObservedAnswer> {
  const text = await response.text();
  return {
    method,
    path,
    status: response.status,
    contentType: response.headers.get('content-type'),
    body: text ? JSON.parse(text) : undefined,
  };
}

/**
 * Issue 49: the OpenAPI document describes the answers the routes really give, and the check
 * that says so fails on an answer it does not describe.
 */
describe('the API contract', () => {
  let harness: ApiHarness;
  let document: unknown;
  const answers: ObservedAnswer[] = [];

  beforeAll(async () => {
    harness = await openApiHarness();
    document = await (await openApiRoute({} as never)).json();
    const upload = (key: string, name: string) =>
      stageDocuments(
        apiContext(
          jsonRequest(
            '/api/claims/draft/documents',
            { kind: 'claim', attachments: [pdf(name)] },
            { 'idempotency-key': key },
          ),
          {},
          { customer: bob },
        ),
      );
    const key = uuidv7();
    const path = '/api/claims/draft/documents';
    answers.push(await observed('POST', path, await upload(key, 'one.pdf')));
    answers.push(await observed('POST', path, await upload(key, 'two.pdf')));
    const post = (body: unknown, headers: Record<string, string> = {}) =>
      submitClaim(apiContext(jsonRequest('/api/claims', body, headers)));
    answers.push(await observed('POST', '/api/claims', await post(claim)));
    answers.push(await observed('POST', '/api/claims', await post({ ...claim, policyNumber: '' })));
    answers.push(
      await observed('POST', '/api/claims', await post(claim, { 'idempotency-key': 'x' })),
    );
    answers.push(
      await observed('POST', '/api/claims', await post(claim, { 'content-type': 'text/plain' })),
    );
  }, 120_000);
  afterAll(async () => harness?.close());

  it('is served at /api/openapi.json, and every $ref in it resolves (Problem428 included)', () => {
    expect(unresolvedRefs(document)).toEqual([]);
    const responses = (document as { components: { responses: Record<string, unknown> } })
      .components.responses;
    expect(Object.keys(responses)).toContain('Problem428');
  });

  it('declares every answer the routes gave, with the problem+json the code sends', () => {
    expect(answers.map((a) => a.status)).toEqual([201, 422, 201, 400, 400, 415]);
    expect(answers.flatMap((answer) => contractViolations(document, answer))).toEqual([]);
  });

  it('fails on a status a route answers that the document does not declare', () => {
    const [first] = answers as [ObservedAnswer];
    expect(contractViolations(document, { ...first, status: 418 })).toEqual([
      'POST /api/claims/draft/documents 418: undocumented status',
    ]);
    const problem = answers[1] as ObservedAnswer;
    expect(
      contractViolations(document, { ...problem, body: { ...(problem.body as object), extra: 1 } }),
    ).not.toEqual([]);
  });

  it('changes with the rules: the Idempotency-Key parameter carries the pattern the route checks', () => {
    const built = buildOpenApiDocument('test') as {
      paths: Record<string, Record<string, { parameters?: { name: string; schema: unknown }[] }>>;
    };
    const parameter = built.paths['/api/claims']?.post?.parameters?.find(
      (p) => p.name === 'Idempotency-Key',
    );
    expect(parameter?.schema).toMatchObject({ pattern: expect.stringContaining('-7') });
  });
});
