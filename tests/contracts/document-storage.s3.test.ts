import { randomBytes } from 'node:crypto';
import { HeadObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createS3DocumentStorage } from '@infra/documents/s3-document-storage';
import { type RunningS3rver, S3RVER_BUCKET as BUCKET, startS3rver } from '../support/s3rver';
import { documentStorageContract, uniqueNamespace } from './document-storage.contract';

documentStorageContract('S3 (s3rver)', async () => {
  const s3rver = await startS3rver();
  return { storage: createS3DocumentStorage(s3rver.options), cleanup: s3rver.stop };
});

describe('S3 document storage in the bucket', () => {
  let s3rver: RunningS3rver;
  beforeAll(async () => {
    s3rver = await startS3rver();
  });
  afterAll(async () => {
    await s3rver?.stop();
  });

  it('stores the object under its key, with its ContentType and exactly its length', async () => {
    const storage = createS3DocumentStorage(s3rver.options);
    const bytes = randomBytes(300_000);
    const stored = await storage.put({
      namespace: uniqueNamespace(),
      bytes,
      contentType: 'application/pdf',
    });

    const { endpoint, region, accessKeyId, secretAccessKey } = s3rver.options;
    const client = new S3Client({
      endpoint,
      region,
      forcePathStyle: true,
      credentials: { accessKeyId, secretAccessKey },
    });
    try {
      const head = await client.send(new HeadObjectCommand({ Bucket: BUCKET, Key: stored.key }));
      expect(head.ContentType).toBe('application/pdf');
      expect(head.ContentLength).toBe(bytes.byteLength);
    } finally {
      client.destroy();
    }
  });
});
