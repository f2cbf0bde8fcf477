import { v5 as uuidv5 } from 'uuid';
import type { ClaimStatus } from '@contracts/claims/catalogue';
import type { DocumentRef } from '@contracts/claims/documents';
import { type ClaimEvent, isClaimEvent, upcastClaimEvent } from '@contracts/claims/events';
import { NEEDED_DOCUMENT_REASONS, parseAdditionalReason } from '@contracts/claims/reasons';
import type { RecordedEvent } from '@contracts/event-store';
import type {
  IntegrationEvent,
  IntegrationEventType,
} from '@contracts/integration/claim-integration-events';

/** What the relay remembers of each claim, to say what a staff save changed it from. */
export interface RelayClaimState {
  readonly customerId: string;
  readonly status: ClaimStatus;
  /** The stored form (`Array:a,b`, one code, or ''). */
  readonly additionalReason: string;
  readonly claimNumber: string;
}

/** Fixed namespace: integration event ids are UUID v5 of (source event id, type). */
const INTEGRATION_ID_NAMESPACE = '6f1c2a8e-3b4d-5e6f-8a9b-0c1d2e3f4a5b';

const integrationEventId = (sourceEventId: string, type: IntegrationEventType) =>
  uuidv5(`${sourceEventId}/${type}`, INTEGRATION_ID_NAMESPACE);

const NEEDED_DOCUMENT_CODES: ReadonlySet<string> = new Set(
  NEEDED_DOCUMENT_REASONS.map((reason) => reason.code),
);

const summary = ({ fileName, kind, contentType, size }: DocumentRef) => ({
  fileName,
  kind,
  contentType,
  size,
});

/** The claim's state after an event (undefined until its submission). */
export function evolveRelayState(
  state: RelayClaimState | undefined,
  event: ClaimEvent,
): RelayClaimState | undefined {
  if (event.type === 'ClaimSubmitted') {
    return {
      customerId: event.data.claimant.customerId,
      status: 'Submitted',
      additionalReason: '',
      claimNumber: '',
    };
  }
  if (event.type !== 'ClaimAmendedByStaff' || !state) return state;
  const { changes } = event.data;
  return {
    ...state,
    status: changes.status?.to ?? state.status,
    additionalReason: changes.additionalReason?.to ?? state.additionalReason,
    claimNumber: changes.claimNumber?.to ?? state.claimNumber,
  };
}

export interface MappedEvent {
  readonly integrationEvents: readonly IntegrationEvent[];
  readonly state: RelayClaimState | undefined;
}

/**
 * A stored event to the integration events it gives (none, one, or two for a staff save that
 * assigns a number and changes the status), given the claim's state before it.
 */
export function mapClaimEvent(
  recorded: RecordedEvent,
  before: RelayClaimState | undefined,
): MappedEvent {
  if (!isClaimEvent(recorded)) return { integrationEvents: [], state: before };
  const event = upcastClaimEvent(recorded);
  const state = evolveRelayState(before, event);
  const customerId =
    event.type === 'ClaimSubmitted' ? event.data.claimant.customerId : before?.customerId;
  if (customerId === undefined) {
    throw new Error(`${recorded.type} ${recorded.metadata.eventId}: claim has no submission`);
  }
  const base = <T extends IntegrationEventType>(type: T): Envelope<T> => ({
    eventId: integrationEventId(recorded.metadata.eventId, type),
    type,
    version: 1 as const,
    occurredAt: recorded.metadata.occurredAt,
    claimId: event.data.submissionId,
    customerId,
    tenant: recorded.metadata.tenant,
    correlationId: recorded.metadata.correlationId,
    sourceEventId: recorded.metadata.eventId,
  });
  return { integrationEvents: integrationEventsOf(event, before, base), state };
}

/** The envelope fields every integration event of one source event shares. */
interface Envelope<T extends IntegrationEventType> {
  readonly eventId: string;
  readonly type: T;
  readonly version: 1;
  readonly occurredAt: string;
  readonly claimId: string;
  readonly customerId: string;
  readonly tenant: string;
  readonly correlationId: string;
  readonly sourceEventId: string;
}
type Base = <T extends IntegrationEventType>(type: T) => Envelope<T>;

function integrationEventsOf(
  event: ClaimEvent,
  before: RelayClaimState | undefined,
  base: Base,
): IntegrationEvent[] {
  switch (event.type) {
    case 'ClaimSubmitted': {
      const { data } = event;
      return [
        {
          ...base('claim.submitted'),
          data: {
            confirmationNumber: data.confirmationNumber,
            policyNumber: data.policyNumber,
            productCode: data.productCode,
            productType: data.productType,
            claimType: data.claimType,
            submittedAt: data.submittedAt,
            claimant: {
              customerId: data.claimant.customerId,
              email: data.claimant.email,
              firstName: data.claimant.firstName,
              lastName: data.claimant.lastName,
            },
            documents: data.documents.map(summary),
          },
        },
      ];
    }
    case 'AdditionalDocumentsAdded':
      return [
        {
          ...base('claim.documents-added'),
          data: { addedAt: event.data.addedAt, documents: event.data.documents.map(summary) },
        },
      ];
    case 'DecisionLetterUploaded':
      return [
        {
          ...base('claim.decision-letter-available'),
          data: {
            fileName: event.data.fileName,
            size: event.data.size,
            availableAt: event.data.uploadedAt,
          },
        },
      ];
    case 'DecisionLetterRead':
      return [{ ...base('claim.decision-letter-read'), data: { readAt: event.data.readAt } }];
    case 'ClaimAmendedByStaff': {
      const { changes, amendedAt } = event.data;
      const out: IntegrationEvent[] = [];
      if (changes.claimNumber && changes.claimNumber.to !== '') {
        out.push({
          ...base('claim.number-assigned'),
          data: {
            claimNumber: changes.claimNumber.to,
            previousClaimNumber: changes.claimNumber.from || null,
            assignedAt: amendedAt,
          },
        });
      }
      if (changes.status || changes.additionalReason) {
        const previousStatus = changes.status?.from ?? before?.status ?? 'Submitted';
        const reasons = parseAdditionalReason(
          changes.additionalReason?.to ?? before?.additionalReason ?? '',
        );
        out.push({
          ...base('claim.status-changed'),
          data: {
            previousStatus,
            status: changes.status?.to ?? previousStatus,
            reasons,
            neededDocuments: reasons.filter((code) => NEEDED_DOCUMENT_CODES.has(code)),
            changedAt: amendedAt,
          },
        });
      }
      return out;
    }
  }
}
