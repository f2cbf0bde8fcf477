import { randomBytes } from 'node:crypto';
import { access, mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DocumentStorage } from '@contracts/documents/document-storage';
import { InvalidDocumentKeyError } from '@infra/documents/document-key';
import { createFilesystemDocumentStorage } from '@infra/documents/filesystem-document-storage';
import { documentStorageContract, uniqueNamespace } from './document-storage.contract';

async function temporaryRoot(): Promise<{ root: string; remove(): Promise<void> }> {
  const parent = await mkdtemp(join(tmpdir(), 'document-storage-'));
  // The root sits one level down, so a write that escaped it would land in `parent`.
  const root = join(parent, 'objects');
  return { root, remove: () => rm(parent, { recursive: true, force: true }) };
}

documentStorageContract('filesystem', async () => {
  const { root, remove } = await temporaryRoot();
  return { storage: createFilesystemDocumentStorage(root), cleanup: remove };
});

describe('filesystem document storage on disk', () => {
  let root: string;
  let remove: () => Promise<void>;
  let storage: DocumentStorage;
  beforeAll(async () => {
    ({ root, remove } = await temporaryRoot());
    storage = createFilesystemDocumentStorage(root);
  });
  afterAll(async () => {
    await remove();
  });

  it('keeps {root}/{namespace}/{sha256} with its content type beside it, and no temporary file', async () => {
    const namespace = uniqueNamespace();
    const stored = await storage.put({
      namespace,
      bytes: randomBytes(64),
      contentType: 'image/png',
    });
    const files = await readdir(join(root, namespace));
    expect(files.sort()).toEqual([stored.sha256, `${stored.sha256}.json`]);
  });

  it('never serves the temporary file a crashed write left behind', async () => {
    const namespace = uniqueNamespace();
    const bytes = randomBytes(4096);
    const { key, sha256 } = await storage.put({ namespace, bytes, contentType: 'image/png' });
    await storage.delete(key);
    await writeFile(join(root, namespace, `.${sha256}.crashed.tmp`), bytes.subarray(0, 100));

    expect(await storage.exists(key)).toBe(false);
    expect(await storage.get(key)).toBeUndefined();
    await storage.put({ namespace, bytes, contentType: 'image/png' });
    expect((await storage.get(key))?.bytes.byteLength).toBe(bytes.byteLength);
  });

  it('writes nothing outside its root for a namespace that tries to leave it', async () => {
    await mkdir(root, { recursive: true });
    await expect(
      storage.put({ namespace: '../escaped', bytes: randomBytes(8), contentType: 'image/png' }),
    ).rejects.toBeInstanceOf(InvalidDocumentKeyError);
    await expect(access(join(root, '..', 'escaped'))).rejects.toMatchObject({ code: 'ENOENT' });
  });
});
