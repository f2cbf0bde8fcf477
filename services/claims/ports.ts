import type { DocumentInspector } from '@contracts/documents/document-inspector';
import type { DocumentStorage } from '@contracts/documents/document-storage';
import type { EventStore } from '@contracts/event-store';

/** What the claim handlers write to; passed in, never imported. */
export interface ClaimPorts {
  readonly eventStore: EventStore;
  readonly documents: DocumentStorage;
  /** Judges uploaded bytes off the event loop, under caps (decision 049). */
  readonly inspector: DocumentInspector;
}
