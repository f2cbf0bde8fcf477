import { z } from 'zod';
import { type ApiEndpoint, API_ENDPOINTS } from './endpoints';
import { problemSchema } from './problem';

const ERROR_DESCRIPTIONS: Record<number, string> = {
  400: 'Invalid input: `code` VALIDATION_FAILED with per-field `errors`',
  401: 'No session for this audience',
  403: 'Not allowed (e.g. missing CSRF token)',
  404: 'Not found, or not yours',
  409: 'Conflicting change (e.g. claim number already exists)',
  412: 'The resource changed meanwhile',
  413: 'Body too large',
  415: 'Unsupported content type',
  429: 'Too many requests; Retry-After says when to try again',
};

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
  for (const status of endpoint.errors) {
    responses[String(status)] = { $ref: `#/components/responses/Problem${status}` };
  }
  return {
    operationId: endpoint.operationId,
    summary: endpoint.summary,
    tags: [endpoint.audience],
    ...(endpoint.audience === 'public'
      ? {}
      : { security: [{ [`${endpoint.audience}Session`]: [] }] }),
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
      },
      responses: Object.fromEntries(
        Object.entries(ERROR_DESCRIPTIONS).map(([status, description]) => [
          `Problem${status}`,
          { description, content: { 'application/problem+json': { schema: problem } } },
        ]),
      ),
    },
  };
}
