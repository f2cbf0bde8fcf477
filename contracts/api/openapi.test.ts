import { describe, expect, it } from 'vitest';
import { BODY_TEXT_PATTERN, QUERY_VALUE_PATTERN, URL_TEXT_PATTERN } from '../accepted-text';
import { buildOpenApiDocument } from './openapi';

type Operation = {
  operationId: string;
  tags: string[];
  security?: Record<string, string[]>[];
  parameters?: { name: string; in: string; required?: boolean; schema: Record<string, unknown> }[];
  requestBody?: { required: boolean; content: Record<string, { schema: Record<string, unknown> }> };
  responses: Record<
    string,
    { $ref?: string; description?: string; content?: Record<string, unknown>; links?: unknown }
  >;
};
type Document = {
  openapi: string;
  info: { title: string; version: string };
  paths: Record<string, Record<string, Operation>>;
  components: {
    securitySchemes: Record<string, Record<string, string>>;
    schemas: Record<string, unknown>;
    responses: Record<string, { description: string; content: Record<string, unknown> }>;
  };
};

const document = buildOpenApiDocument('1.2.3') as unknown as Document;
const op = (method: string, path: string): Operation => {
  const found = document.paths[path]?.[method];
  if (!found) throw new Error(`${method} ${path} is not documented`);
  return found;
};
const statuses = (operation: Operation) => Object.keys(operation.responses).map(Number);
const param = (operation: Operation, name: string) =>
  operation.parameters?.find((p) => p.name === name);

describe('the OpenAPI document of the HTTP API', () => {
  it('is 3.1 with the version asked for, each operation under its path and lower-case method', () => {
    expect(document.openapi).toBe('3.1.0');
    expect(document.info).toEqual({ title: 'Claims portal API', version: '1.2.3' });
    expect(Object.keys(document.paths['/api/claims'] ?? {}).sort()).toEqual(['get', 'post']);
    expect(op('post', '/api/claims')).toMatchObject({
      operationId: 'submitClaim',
      tags: ['customer'],
    });
  });

  it('answers every status the layers in front add: 431 and 503 always, 403 and 415 on writes', () => {
    expect(statuses(op('get', '/api/health'))).toEqual([200, 431, 503]);
    expect(statuses(op('get', '/api/claims'))).toEqual([200, 401, 431, 503]);
    // A body: 400 and 413; an Idempotency-Key: 400 and 422; a write: 403 and 415.
    expect(statuses(op('post', '/api/claims'))).toEqual([
      201, 400, 401, 403, 409, 413, 415, 422, 431, 503,
    ]);
    // A claim in the path: 400 for its text, 404 when it is no claim.
    expect(statuses(op('get', '/api/claims/{submissionId}'))).toContain(404);
    expect(statuses(op('get', '/api/claims/{submissionId}'))).toContain(400);
  });

  it('asks a signed form for no CSRF token: no 403, no cookie or header scheme; a body still 400 and 413', () => {
    const logout = op('post', '/api/auth/backchannel-logout');
    expect(statuses(logout)).toEqual([200, 400, 413, 415, 431, 503]);
    expect(logout.security).toBeUndefined();
    expect(Object.keys(logout.requestBody?.content ?? {})).toEqual([
      'application/x-www-form-urlencoded',
    ]);
    expect(logout.responses['200']?.content).toBeUndefined();
  });

  it('names the session of each audience, and the double-submit token on writes', () => {
    expect(op('get', '/api/health').security).toBeUndefined();
    expect(op('get', '/api/claims').security).toEqual([{ customerSession: [] }]);
    expect(op('post', '/api/claims').security).toEqual([
      { customerSession: [], csrfCookie: [], csrfHeader: [] },
    ]);
    expect(op('get', '/api/admin/claims/search').security).toEqual([{ staffSession: [] }]);
    expect(document.components.securitySchemes.csrfHeader).toMatchObject({
      in: 'header',
      name: 'x-csrf-token',
      description: 'The value of the csrf_token cookie, echoed on every write',
    });
  });

  it('gives free text in the query and the path the edge’s pattern, and keeps a stricter one', () => {
    const search = op('get', '/api/admin/claims/search');
    expect(param(search, 'value')?.schema).toEqual({
      type: 'string',
      pattern: QUERY_VALUE_PATTERN,
    });
    expect(param(search, 'sort')?.schema).not.toHaveProperty('pattern');
    const history = op('get', '/api/admin/claims/{submissionId}/history');
    expect(param(history, 'submissionId')?.schema).toEqual({ type: 'string', format: 'uuid' });
    expect(param(history, 'page')).toMatchObject({ in: 'query', required: false });
    const withText = Object.values(document.paths)
      .flatMap((methods) => Object.values(methods))
      .flatMap((operation) => operation.parameters ?? [])
      .filter((p) => p.in === 'path' && p.schema.type === 'string' && !p.schema.format);
    for (const p of withText) expect(p.schema.pattern, p.name).toBeDefined();
    const headers = op('post', '/api/claims').parameters?.filter((p) => p.in === 'header') ?? [];
    for (const header of headers) expect(header.schema.pattern).not.toBe(URL_TEXT_PATTERN);
  });

  it('describes a request body as the edge reads it: free strings and keys are accepted text, unread keys any accepted JSON', () => {
    const body = op('post', '/api/claims').requestBody;
    expect(body?.required).toBe(true);
    const schema = body?.content['application/json']?.schema as {
      propertyNames: unknown;
      additionalProperties: unknown;
      properties: Record<string, Record<string, unknown>>;
    };
    expect(schema.propertyNames).toEqual({ pattern: BODY_TEXT_PATTERN });
    expect(schema.additionalProperties).toEqual({ $ref: '#/components/schemas/AcceptedJson' });
    expect(schema.properties.claimDescription?.pattern).toBe(BODY_TEXT_PATTERN);
    // A pattern of its own is kept; an enum gets none.
    expect(schema.properties.policyNumber?.pattern).not.toBe(BODY_TEXT_PATTERN);
    expect(schema.properties.claimType).not.toHaveProperty('pattern');
    const documents = schema.properties.documents as {
      items: { properties: Record<string, Record<string, unknown>>; propertyNames: unknown };
    };
    expect(documents.items.propertyNames).toEqual({ pattern: BODY_TEXT_PATTERN });
    expect(documents.items.properties.name?.pattern).toBe(BODY_TEXT_PATTERN);
  });

  it('links a new claim to the operations that read it, by its submissionId', () => {
    expect(op('post', '/api/claims').responses['201']?.links).toMatchObject({
      GetClaim: {
        operationId: 'getOwnClaim',
        parameters: { submissionId: '$response.body#/submissionId' },
      },
    });
    expect(op('get', '/api/claims').responses['200']?.links).toBeUndefined();
  });

  it('types each answer: JSON by default, or the media type an operation names', () => {
    expect(Object.keys(op('get', '/api/claims').responses['200']?.content ?? {})).toEqual([
      'application/json',
    ]);
    const letter = op('get', '/api/claims/{submissionId}/decision-letter').responses['200'];
    expect(letter?.content).toBeUndefined();
  });

  it('has a problem response for every status an operation refers to, described', () => {
    const referred = new Set(
      Object.values(document.paths)
        .flatMap((methods) => Object.values(methods))
        .flatMap((operation) => Object.values(operation.responses))
        .map((response) => response.$ref)
        .filter((ref): ref is string => ref !== undefined),
    );
    const components = Object.keys(document.components.responses).map(
      (name) => `#/components/responses/${name}`,
    );
    expect([...referred].sort()).toEqual([...components].sort());
    expect(document.components.responses.Problem404?.description).toBe('Not found, or not yours');
    expect(document.components.responses.Problem431?.content).toEqual({
      'application/problem+json': { schema: { $ref: '#/components/schemas/Problem' } },
    });
    const numbers = Object.keys(document.components.responses).map((name) => Number(name.slice(7)));
    expect(numbers).toEqual([...numbers].sort((a, b) => a - b));
  });
});
