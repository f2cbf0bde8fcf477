import { z } from 'zod';
import { type ApiEndpoint, API_ENDPOINTS } from './endpoints';
import { CSRF_COOKIE, CSRF_HEADER } from './csrf-token';
import { problemSchema } from './problem';

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
  if (WRITES.has(endpoint.method)) for (const status of [403, 415]) statuses.add(status);
  if (endpoint.body) for (const status of [400, 413, 415]) statuses.add(status);
  if ((endpoint.parameters ?? []).some((p) => p.in === 'path')) statuses.add(400);
  if (headers.includes('Idempotency-Key')) for (const status of [400, 422]) statuses.add(status);
  return [...statuses].sort((a, b) => a - b);
}

/** Who may call an operation: its session, and the double-submit CSRF token for a write. */
function security(endpoint: ApiEndpoint): Record<string, string[]>[] | undefined {
  const requirement: Record<string, string[]> = {};
  if (endpoint.audience !== 'public') requirement[`${endpoint.audience}Session`] = [];
  if (WRITES.has(endpoint.method)) Object.assign(requirement, { csrfCookie: [], csrfHeader: [] });
  return Object.keys(requirement).length > 0 ? [requirement] : undefined;
}

const jsonSchema = (schema: z.ZodType, io: 'input' | 'output') =>
  z.toJSONSchema(schema, { io, unrepresentable: 'any' });

function operation(endpoint: ApiEndpoint) {
  const responses: Record<string, unknown> = {
    [String(endpoint.success.status)]: {
      description: endpoint.success.description,
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
    ...(endpoint.parameters ? { parameters: endpoint.parameters } : {}),
    ...(endpoint.body
      ? {
          requestBody: {
            required: true,
            content: { 'application/json': { schema: jsonSchema(endpoint.body, 'input') } },
          },
        }
      : {}),
    responses,
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
      schemas: { Problem: problem },
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
