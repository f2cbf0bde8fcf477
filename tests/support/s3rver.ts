import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { S3DocumentStorageOptions } from '@infra/documents/s3-document-storage';
import { freePort } from './free-port';

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

export const S3RVER_BUCKET = 'claims-test';

export interface RunningS3rver {
  readonly options: S3DocumentStorageOptions;
  readonly port: number;
  readonly directory: string;
  /** Stops serving; the objects stay in `directory` for a restart on the same port. */
  close(): Promise<void>;
  /** Stops serving and deletes the objects. */
  stop(): Promise<void>;
}

/** A real S3 API (s3rver) on 127.0.0.1: a fresh folder and a free port unless given. */
export async function startS3rver({
  port,
  directory,
}: {
  port?: number;
  directory?: string;
} = {}): Promise<RunningS3rver> {
  const folder = directory ?? (await mkdtemp(join(tmpdir(), 's3rver-')));
  const server = new S3rver({
    port: port ?? (process.env.PORT_RANGE ? await freePort() : 0),
    address: '127.0.0.1',
    directory: folder,
    silent: true,
    configureBuckets: [{ name: S3RVER_BUCKET }],
  });
  const address = await server.run();
  return {
    port: address.port,
    directory: folder,
    options: {
      endpoint: `http://127.0.0.1:${address.port}`,
      region: 'us-east-1',
      bucket: S3RVER_BUCKET,
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
      forcePathStyle: true,
    },
    close: () => server.close(),
    async stop() {
      await server.close();
      await rm(folder, { recursive: true, force: true });
    },
  };
}
