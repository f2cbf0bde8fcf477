import { z } from 'zod';
import { CLAIM_STATUSES, CLAIM_TYPES, PRODUCT_CODES, PRODUCT_TYPES } from '../claims/catalogue';

/**
 * The public contract of what leaves the portal on Kafka (docs/events.md): one message per
 * integration event, keyed by claim id, its value a JSON envelope that a JSON Schema in
 * `schemas/` describes (generated from these zod shapes; a test keeps the two equal).
 *
 * Any change to a type's shape is a new version of that type, published beside the old one
 * until consumers have moved (docs/events.md, Versioning).
 */

const documentSummary = z
  .object({
    fileName: z.string().min(1),
    kind: z.enum(['claim', 'employer', 'physician', 'supporting', 'additional']),
    contentType: z.enum(['application/pdf', 'image/jpeg', 'image/png']),
    size: z.number().int().nonnegative(),
  })
  .describe('A document the claimant sent: its name, kind, type and size (never its storage key)');

const status = z.enum(CLAIM_STATUSES);

/** Fields every integration event carries, whatever its type. */
function envelope<Type extends string, Data extends z.ZodType>(
  type: Type,
  version: number,
  data: Data,
  description: string,
) {
  return z
    .object({
      eventId: z
        .uuid()
        .describe(
          'Unique per integration event and stable across re-publication: consumers de-duplicate by it',
        ),
      type: z.literal(type),
      version: z.literal(version),
      occurredAt: z.iso.datetime().describe('When the source event was recorded (UTC)'),
      claimId: z.uuid().describe('The claim (submission id); also the Kafka message key'),
      customerId: z.string().min(1).describe('The claimant’s customer id'),
      tenant: z.string().min(1),
      correlationId: z.string().min(1).describe('The request that caused it, for tracing'),
      sourceEventId: z.uuid().describe('The event in the portal’s event store it was mapped from'),
      data,
    })
    .describe(description);
}

const claimSubmittedV1 = envelope(
  'claim.submitted',
  1,
  z.object({
    confirmationNumber: z.string().min(1),
    policyNumber: z.string().min(1),
    productCode: z.enum(PRODUCT_CODES),
    productType: z.enum(PRODUCT_TYPES),
    claimType: z.enum(CLAIM_TYPES),
    submittedAt: z.iso.datetime(),
    claimant: z.object({
      customerId: z.string().min(1),
      email: z.email(),
      firstName: z.string(),
      lastName: z.string(),
    }),
    documents: z.array(documentSummary),
  }),
  'A claimant submitted a claim',
);

const claimDocumentsAddedV1 = envelope(
  'claim.documents-added',
  1,
  z.object({
    addedAt: z.iso.datetime(),
    documents: z.array(documentSummary).min(1),
  }),
  'The claimant sent more documents for a claim',
);

const claimStatusChangedV1 = envelope(
  'claim.status-changed',
  1,
  z.object({
    previousStatus: status,
    status,
    reasons: z
      .array(z.string().min(1))
      .describe('Reason codes staff gave with the status (contracts/claims/reasons.ts)'),
    neededDocuments: z
      .array(z.string().min(1))
      .describe('The reasons that ask the claimant for a document, in the order staff gave them'),
    changedAt: z.iso.datetime(),
  }),
  'Staff changed a claim’s status, or the reasons given with it',
);

const claimNumberAssignedV1 = envelope(
  'claim.number-assigned',
  1,
  z.object({
    claimNumber: z.string().min(1),
    previousClaimNumber: z
      .string()
      .min(1)
      .nullable()
      .describe('The number it replaces, or null for a first number'),
    assignedAt: z.iso.datetime(),
  }),
  'Staff gave a claim its claim number (or changed it)',
);

const decisionLetterAvailableV1 = envelope(
  'claim.decision-letter-available',
  1,
  z.object({
    fileName: z.string().min(1),
    size: z.number().int().positive(),
    availableAt: z.iso.datetime(),
  }),
  'Staff uploaded a decision letter the claimant can now read',
);

const decisionLetterReadV1 = envelope(
  'claim.decision-letter-read',
  1,
  z.object({ readAt: z.iso.datetime() }),
  'The claimant opened the claim’s decision letter',
);

/** Every published type and version, with its shape: one JSON Schema file each. */
export const INTEGRATION_EVENT_SCHEMAS = {
  'claim.submitted': claimSubmittedV1,
  'claim.documents-added': claimDocumentsAddedV1,
  'claim.status-changed': claimStatusChangedV1,
  'claim.number-assigned': claimNumberAssignedV1,
  'claim.decision-letter-available': decisionLetterAvailableV1,
  'claim.decision-letter-read': decisionLetterReadV1,
} as const;

export const integrationEventSchema = z.discriminatedUnion('type', [
  claimSubmittedV1,
  claimDocumentsAddedV1,
  claimStatusChangedV1,
  claimNumberAssignedV1,
  decisionLetterAvailableV1,
  decisionLetterReadV1,
]);

export type IntegrationEvent = z.infer<typeof integrationEventSchema>;
export type IntegrationEventType = IntegrationEvent['type'];
export type IntegrationEventOf<T extends IntegrationEventType> = Extract<
  IntegrationEvent,
  { type: T }
>;

export const INTEGRATION_EVENT_TYPES = Object.keys(
  INTEGRATION_EVENT_SCHEMAS,
) as IntegrationEventType[];

/** The file name of a type's JSON Schema in contracts/integration/schemas/. */
export const schemaFileName = (type: IntegrationEventType, version: number) =>
  `${type}.v${version}.schema.json`;

/** Kafka message headers: a consumer can route or skip without parsing the value. */
export const integrationHeaders = (event: IntegrationEvent) => ({
  'event-id': event.eventId,
  'event-type': event.type,
  'event-version': String(event.version),
  'content-type': 'application/json',
});
