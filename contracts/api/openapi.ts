import { z } from 'zod';
import { type ApiEndpoint, API_ENDPOINTS } from './endpoints';
import { CSRF_COOKIE, CSRF_HEADER } from './csrf-token';
import { problemSchema } from './problem';
import { BODY_TEXT_PATTERN, QUERY_VALUE_PATTERN, URL_TEXT_PATTERN } from '../accepted-text';

const ERROR_DESCRIPTIONS: Record<number, string> = {
  400: 'Invalid input: `code` VALIDATION_FAILED with per-field `errors` (and their `message`)',
  401: 'No session for this audience',
  403: 'Not allowed; a CSRF refusal names what is missing in `errors`',
  404: 'Not found, or not yours',
  409: 'Conflicting change (e.g. claim number already exists)',
  412: 'The resource changed meanwhile',
  413: 'Body too large',
  415: 'The body is not application/json',
  422: 'The Idempotency-Key was already used with another request body; nothing was kept',
  428: 'The write must name the version it is based on (If-Match)',
  429: 'Too many requests; Retry-After says when to try again',
  431: 'Request headers too large',
  503: 'A service the portal needs is briefly unavailable; nothing was saved',
};

const WRITES: ReadonlySet<string> = new Set(['POST', 'PUT', 'DELETE']);

/**
 * Every status an operation can answer: its own, and those the layers in front of every route
 * answer (the edge's 431, the CSRF check's 403 and the refusal shape's 415 on writes, the body
 * reader's 413, 503 when a
 * dependency is down, 422 for a reused Idempotency-Key).
 */
function answeredStatuses(endpoint: ApiEndpoint): number[] {
  const statuses = new Set([...endpoint.errors, 431, 503]);
  const headers = (endpoint.parameters ?? []).map((p) => p.name);
  // The refusal shape answers 415 to any API write whose body is not JSON, body or not.
  // A signed form asks for no CSRF token, so only a body of the wrong type is refused.
  if (WRITES.has(endpoint.method)) statuses.add(415);
  if (WRITES.has(endpoint.method) && !endpoint.signedForm) statuses.add(403);
  if (endpoint.body || endpoint.signedForm) for (const status of [400, 413]) statuses.add(status);
  const places = new Set((endpoint.parameters ?? []).map((p) => p.in));
  // The edge refuses unacceptable URL text (400) and a claim id that is no UUID (404).
  if (places.has('path') || places.has('query')) statuses.add(400);
  if (endpoint.path.includes('{submissionId}')) statuses.add(404);
  if (headers.includes('Idempotency-Key')) for (const status of [400, 422]) statuses.add(status);
  return [...statuses].sort((a, b) => a - b);
}

/** Who may call an operation: its session, and the double-submit CSRF token for a write. */
function security(endpoint: ApiEndpoint): Record<string, string[]>[] | undefined {
  const requirement: Record<string, string[]> = {};
  if (endpoint.audience !== 'public') requirement[`${endpoint.audience}Session`] = [];
  if (WRITES.has(endpoint.method) && !endpoint.signedForm)
    Object.assign(requirement, { csrfCookie: [], csrfHeader: [] });
  return Object.keys(requirement).length > 0 ? [requirement] : undefined;
}

type Parameter = Record<string, unknown> & { in?: unknown; schema?: Record<string, unknown> };

/**
 * A parameter as the edge checks it: free text in the path or the query gets the edge's own
 * pattern (url-text.ts); one with a pattern, format or enum of its own is stricter already.
 */
function withEdgeRule(parameter: Parameter): Parameter {
  const schema = parameter.schema;
  if (schema?.type !== 'string' || schema.pattern || schema.format || schema.enum) return parameter;
  if (parameter.in === 'query')
    return { ...parameter, schema: { ...schema, pattern: QUERY_VALUE_PATTERN } };
  if (parameter.in === 'path')
    return { ...parameter, schema: { ...schema, pattern: URL_TEXT_PATTERN } };
  return parameter;
}

type JsonSchema = Record<string, unknown>;

const ACCEPTED_JSON_REF = { $ref: '#/components/schemas/AcceptedJson' };

/** Any JSON value whose strings and keys the edge accepts (what an unread field may hold). */
const ACCEPTED_JSON: JsonSchema = {
  anyOf: [
    { type: 'null' },
    { type: 'boolean' },
    { type: 'number' },
    { type: 'string', pattern: BODY_TEXT_PATTERN },
    { type: 'array', items: ACCEPTED_JSON_REF },
    {
      type: 'object',
      propertyNames: { pattern: BODY_TEXT_PATTERN },
      additionalProperties: ACCEPTED_JSON_REF,
    },
  ],
};

const isFreeString = (schema: JsonSchema) =>
  (schema.type === 'string' || (Array.isArray(schema.type) && schema.type.includes('string'))) &&
  !('pattern' in schema || 'format' in schema || 'enum' in schema || 'const' in schema);

const SUBSCHEMA_LISTS = ['anyOf', 'oneOf', 'allOf', 'prefixItems'] as const;

/**
 * A request body's schema as the edge reads it: every free string, and every key, is text the
 * edge accepts (accepted-text.ts), so what the document calls valid the edge lets through.
 */
function withBodyTextRule(schema: JsonSchema): JsonSchema {
  // Any value (z.unknown): any JSON the edge accepts.
  if (Object.keys(schema).length === 0) return ACCEPTED_JSON_REF;
  const out: JsonSchema = { ...schema };
  if (isFreeString(out)) out.pattern = BODY_TEXT_PATTERN;
  if (out.type === 'object' || out.properties) {
    out.propertyNames = { pattern: BODY_TEXT_PATTERN };
    // Keys a handler does not read are dropped, not refused: any accepted JSON under them.
    out.additionalProperties ??= ACCEPTED_JSON_REF;
  }
  if (out.properties) {
    out.properties = Object.fromEntries(
      Object.entries(out.properties as Record<string, JsonSchema>).map(([key, value]) => [
        key,
        withBodyTextRule(value),
      ]),
    );
  }
  for (const key of ['items', 'additionalProperties'] as const) {
    const child = out[key];
    if (child && typeof child === 'object') out[key] = withBodyTextRule(child as JsonSchema);
  }
  for (const key of SUBSCHEMA_LISTS) {
    const list = out[key];
    if (Array.isArray(list)) out[key] = list.map((child: JsonSchema) => withBodyTextRule(child));
  }
  return out;
}

const jsonSchema = (schema: z.ZodType, io: 'input' | 'output') =>
  z.toJSONSchema(schema, { io, unrepresentable: 'any' });

/** Each link names its operation and fills that operation's submissionId from this answer. */
function linksOf(links: NonNullable<ApiEndpoint['success']['links']>) {
  return Object.fromEntries(
    Object.entries(links).map(([name, link]) => [
      name,
      { operationId: link.operationId, parameters: { submissionId: link.from } },
    ]),
  );
}

function operation(endpoint: ApiEndpoint) {
  const responses: Record<string, unknown> = {
    [String(endpoint.success.status)]: {
      description: endpoint.success.description,
      ...(endpoint.success.links ? { links: linksOf(endpoint.success.links) } : {}),
      ...(endpoint.success.schema
        ? {
            content: {
              [endpoint.success.contentType ?? 'application/json']: {
                schema: jsonSchema(endpoint.success.schema, 'output'),
              },
            },
          }
        : {}),
    },
  };
  for (const status of answeredStatuses(endpoint)) {
    responses[String(status)] = { $ref: `#/components/responses/Problem${status}` };
  }
  return {
    operationId: endpoint.operationId,
    summary: endpoint.summary,
    tags: [endpoint.audience],
    ...(security(endpoint) ? { security: security(endpoint) } : {}),
    ...(endpoint.parameters ? { parameters: endpoint.parameters.map(withEdgeRule) } : {}),
    ...requestBody(endpoint),
    responses,
  };
}

/** A JSON body, or a signed form, as the handler validates it. */
function requestBody(endpoint: ApiEndpoint) {
  const [mediaType, schema] = endpoint.signedForm
    ? ['application/x-www-form-urlencoded', endpoint.signedForm]
    : ['application/json', endpoint.body];
  if (!schema) return {};
  return {
    requestBody: {
      required: true,
      content: { [mediaType]: { schema: withBodyTextRule(jsonSchema(schema, 'input')) } },
    },
  };
}

/** A response component for every status some operation answers, so every $ref resolves. */
function usedStatuses(): number[] {
  const all = new Set(API_ENDPOINTS.flatMap(answeredStatuses));
  return [...all].sort((a, b) => a - b);
}

/** The OpenAPI 3.1 document of the HTTP API, generated from the contracts' schemas. */
export function buildOpenApiDocument(version: string): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const endpoint of API_ENDPOINTS) {
    paths[endpoint.path] ??= {};
    (paths[endpoint.path] as Record<string, unknown>)[endpoint.method.toLowerCase()] =
      operation(endpoint);
  }
  const problem = jsonSchema(problemSchema, 'output');
  return {
    openapi: '3.1.0',
    info: { title: 'Claims portal API', version },
    paths,
    components: {
      securitySchemes: {
        customerSession: { type: 'apiKey', in: 'cookie', name: 'session' },
        staffSession: { type: 'apiKey', in: 'cookie', name: 'staff_session' },
        csrfCookie: { type: 'apiKey', in: 'cookie', name: CSRF_COOKIE },
        csrfHeader: {
          type: 'apiKey',
          in: 'header',
          name: CSRF_HEADER,
          description: `The value of the ${CSRF_COOKIE} cookie, echoed on every write`,
        },
      },
      schemas: { Problem: problem, AcceptedJson: ACCEPTED_JSON },
      responses: Object.fromEntries(
        usedStatuses().map((status) => [
          `Problem${status}`,
          {
            description: ERROR_DESCRIPTIONS[status] ?? `Refused (${status})`,
            content: {
              'application/problem+json': { schema: { $ref: '#/components/schemas/Problem' } },
            },
          },
        ]),
      ),
    },
  };
}
