import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { HeadObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createS3DocumentStorage,
  type S3DocumentStorageOptions,
} from '@infra/documents/s3-document-storage';
import { documentStorageContract, uniqueNamespace } from './document-storage.contract';

/** The part of s3rver 3.7's API used here; the package ships no types. */
interface S3rverServer {
  run(): Promise<AddressInfo>;
  close(): Promise<void>;
}
type S3rverConstructor = new (options: {
  port: number;
  address: string;
  directory: string;
  silent: boolean;
  configureBuckets: { name: string }[];
}) => S3rverServer;
const S3rver = createRequire(import.meta.url)('s3rver') as S3rverConstructor;

const BUCKET = 'claims-test';

interface RunningS3rver {
  readonly options: S3DocumentStorageOptions;
  stop(): Promise<void>;
}

async function startS3rver(): Promise<RunningS3rver> {
  const directory = await mkdtemp(join(tmpdir(), 's3rver-'));
  const server = new S3rver({
    port: 0,
    address: '127.0.0.1',
    directory,
    silent: true,
    configureBuckets: [{ name: BUCKET }],
  });
  const { port } = await server.run();
  return {
    options: {
      endpoint: `http://127.0.0.1:${port}`,
      region: 'us-east-1',
      bucket: BUCKET,
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
      forcePathStyle: true,
    },
    async stop() {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}

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
