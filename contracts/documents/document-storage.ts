/**
 * The document storage port: claim documents and decision letters. Adapters: the
 * filesystem (default, `.data/objects`) and S3. Every adapter passes tests/contracts/.
 * Objects are content-addressed: the key ends with the SHA-256 of the bytes, inside a
 * namespace (one per claim), so deleting a claim's object never touches another claim's.
 */
export interface StoredObject {
  /** `{namespace}/{sha256 hex}` */
  readonly key: string;
  readonly sha256: string;
  readonly size: number;
  readonly contentType: string;
}

interface PutObject {
  /** e.g. `claims/{submissionId}`: letters, digits, `-`, `_` and `/` only. */
  readonly namespace: string;
  readonly bytes: Uint8Array;
  readonly contentType: string;
}

export interface DocumentStorage {
  /** Stores the bytes; putting the same bytes in the same namespace again is a no-op returning the same key. */
  put(object: PutObject): Promise<StoredObject>;
  /** undefined when there is no such object. */
  get(
    key: string,
  ): Promise<{ readonly bytes: Uint8Array; readonly contentType: string } | undefined>;
  exists(key: string): Promise<boolean>;
  /** Deleting a missing object is not an error. */
  delete(key: string): Promise<void>;
  /**
   * Every object whose key starts with `prefix` (a namespace followed by `/`, or a parent of
   * namespaces), with when it was stored: what the orphan sweeper walks.
   */
  list(prefix: string): AsyncIterable<ListedObject>;
}

interface ListedObject {
  readonly key: string;
  readonly storedAt: Date;
}

/** A file as it arrives from a customer or staff member, before any check. */
export interface UploadedFile {
  readonly fileName: string;
  readonly bytes: Uint8Array;
}
