import { join } from 'node:path';
import type { DocumentStorage } from '@contracts/documents/document-storage';
import { type Config, ConfigError } from '../config/config';
import { createFilesystemDocumentStorage } from './filesystem-document-storage';
import { createS3DocumentStorage } from './s3-document-storage';

/** Files under `{DATA_DIR}/objects` by default; S3 (or any S3-compatible store) when S3_BUCKET is set. */
export function createDocumentStorage(config: Config): DocumentStorage {
  if (config.S3_BUCKET === undefined) {
    return createFilesystemDocumentStorage(join(config.DATA_DIR, 'objects'));
  }
  return createS3DocumentStorage({
    endpoint: config.S3_ENDPOINT,
    region: config.S3_REGION,
    bucket: config.S3_BUCKET,
    accessKeyId: requiredCredential(config, 'S3_ACCESS_KEY_ID'),
    secretAccessKey: requiredCredential(config, 'S3_SECRET_ACCESS_KEY'),
    forcePathStyle: config.S3_FORCE_PATH_STYLE,
  });
}

function requiredCredential(
  config: Config,
  name: 'S3_ACCESS_KEY_ID' | 'S3_SECRET_ACCESS_KEY',
): string {
  const value = config[name];
  // parseConfig refuses this already; a Config assembled by hand may not have been parsed.
  if (value === undefined) throw new ConfigError([`${name}: is required when S3_BUCKET is set`]);
  return value;
}
