import { z } from 'zod';
import { CLAIM_ETAG_PATTERN } from './claim-etag';
import { IDEMPOTENCY_KEY_PATTERN } from './idempotency-key';

type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';
type Audience = 'customer' | 'staff' | 'public';

export interface ApiEndpoint {
  readonly method: HttpMethod;
  /** OpenAPI path template, e.g. /api/claims/{submissionId}. */
  readonly path: string;
  readonly operationId: string;
  readonly summary: string;
  readonly audience: Audience;
  readonly parameters?: readonly Record<string, unknown>[];
  readonly body?: z.ZodType;
  /**
   * A form posted server to server and authenticated by the signature it carries, not by a
   * browser's cookies: no CSRF token and no Origin are asked of it (OpenID Connect
   * Back-Channel Logout is one).
   */
  readonly signedForm?: z.ZodType;
  readonly success: {
    readonly status: number;
    readonly description: string;
    readonly schema?: z.ZodType;
    readonly contentType?: string;
    /**
     * OpenAPI links: the operations that read what this answer created, by operationId, each
     * with its path parameter taken from the answer (a client, or Schemathesis' stateful
     * phase, follows exactly these).
     */
    readonly links?: Readonly<Record<string, { operationId: string; from: string }>>;
  };
  readonly errors: readonly number[];
}

/** A command's answer, decision 096: its caller's next read waits until it shows the write. */
export const OWN_WRITE = "; the own_write cookie makes this caller's next read show the write";

export const submissionIdParameter = {
  name: 'submissionId',
  in: 'path',
  required: true,
  schema: { type: 'string', format: 'uuid' },
};

export const idempotencyKeyParameter = {
  name: 'Idempotency-Key',
  in: 'header',
  required: false,
  description:
    'A UUID v7; a retry with the same key and body replays the first answer, the same key with another body is a 422.',
  schema: { type: 'string', format: 'uuid', pattern: IDEMPOTENCY_KEY_PATTERN },
};

export const ifMatchParameter = {
  name: 'If-Match',
  in: 'header',
  required: true,
  description:
    'The ETag of the claim as read (its version, quoted). Missing: 428; stale: 409 with currentVersion and the changes since (decision 048).',
  schema: { type: 'string', pattern: CLAIM_ETAG_PATTERN },
};

/** What a new claim's answer (its submissionId) leads to: the claim and its documents. */
export const NEW_CLAIM_LINKS = {
  GetClaim: { operationId: 'getOwnClaim', from: '$response.body#/submissionId' },
  ListDocuments: { operationId: 'listOwnClaimDocuments', from: '$response.body#/submissionId' },
  AddDocuments: { operationId: 'addDocuments', from: '$response.body#/submissionId' },
} as const;

/** A route's query parameters, described from the zod object the route parses them with. */
export function queryParameters(schema: z.ZodObject): Record<string, unknown>[] {
  return Object.entries(schema.shape).map(([name, field]) => {
    const { $schema: _, ...described } = z.toJSONSchema(field as z.ZodType, { io: 'input' });
    const required = !(field as z.ZodType).safeParse(undefined).success;
    return { name, in: 'query', required, schema: described };
  });
}
