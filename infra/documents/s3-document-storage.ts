import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import type { DocumentStorage, StoredObject } from '@contracts/documents/document-storage';
import { addressOf, type DocumentAddress, parseDocumentKey } from './document-key';

export interface S3DocumentStorageOptions {
  /** Unset for AWS itself; the URL of MinIO, s3rver or another S3-compatible store. */
  readonly endpoint?: string;
  readonly region: string;
  readonly bucket: string;
  readonly accessKeyId: string;
  readonly secretAccessKey: string;
  /** `{endpoint}/{bucket}/{key}` rather than `{bucket}.{endpoint}/{key}`; most self-hosted stores need it. */
  readonly forcePathStyle?: boolean;
}

const UNKNOWN_CONTENT_TYPE = 'application/octet-stream';

/** Objects in one bucket, under the key `{namespace}/{sha256}`, content type as the object's ContentType. */
export function createS3DocumentStorage(options: S3DocumentStorageOptions): DocumentStorage {
  const client = createClient(options);
  const Bucket = options.bucket;

  async function contentTypeIfPresent(Key: string): Promise<string | undefined> {
    try {
      const head = await client.send(new HeadObjectCommand({ Bucket, Key }));
      return head.ContentType ?? UNKNOWN_CONTENT_TYPE;
    } catch (error) {
      if (isMissingObject(error)) return undefined;
      throw error;
    }
  }

  return {
    async put({ namespace, bytes, contentType }) {
      const address = addressOf(namespace, bytes);
      const storedType = await contentTypeIfPresent(address.key);
      if (storedType !== undefined) return storedObject(address, bytes.length, storedType);
      await client.send(
        new PutObjectCommand({ Bucket, Key: address.key, Body: bytes, ContentType: contentType }),
      );
      return storedObject(address, bytes.length, contentType);
    },

    async get(key) {
      const { key: Key } = parseDocumentKey(key);
      try {
        const object = await client.send(new GetObjectCommand({ Bucket, Key }));
        const bytes = (await object.Body?.transformToByteArray()) ?? new Uint8Array();
        return { bytes, contentType: object.ContentType ?? UNKNOWN_CONTENT_TYPE };
      } catch (error) {
        if (isMissingObject(error)) return undefined;
        throw error;
      }
    },

    async exists(key) {
      return (await contentTypeIfPresent(parseDocumentKey(key).key)) !== undefined;
    },

    async delete(key) {
      // S3 answers 204 for a missing key too, so deleting twice is not an error.
      await client.send(new DeleteObjectCommand({ Bucket, Key: parseDocumentKey(key).key }));
    },

    async *list(Prefix) {
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({ Bucket, Prefix, ContinuationToken }),
        );
        for (const object of page.Contents ?? []) {
          if (object.Key) yield { key: object.Key, storedAt: object.LastModified ?? new Date(0) };
        }
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
    },
  };
}

function createClient(options: S3DocumentStorageOptions): S3Client {
  return new S3Client({
    endpoint: options.endpoint,
    region: options.region,
    forcePathStyle: options.forcePathStyle,
    credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey },
    // By default the SDK sends a streamed body aws-chunked with a trailing CRC32, and s3rver
    // (like some other S3-compatible stores) keeps the chunk framing as part of the object.
    // Buffers pass either way; this keeps a streaming upload from corrupting documents later.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}

function storedObject(address: DocumentAddress, size: number, contentType: string): StoredObject {
  return { key: address.key, sha256: address.sha256, size, contentType };
}

/** GetObject says NoSuchKey; HeadObject, having no body to explain itself, says NotFound. */
function isMissingObject(error: unknown): boolean {
  const name = (error as { name?: unknown } | null)?.name;
  return name === 'NoSuchKey' || name === 'NotFound';
}
