import type { DocumentStorage } from '@contracts/documents/document-storage';
import type { EventStore } from '@contracts/event-store';

/** What the claim handlers write to; passed in, never imported. */
export interface ClaimPorts {
  readonly eventStore: EventStore;
  readonly documents: DocumentStorage;
}
