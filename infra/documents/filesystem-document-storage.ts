import { mkdir, readdir, readFile, rm, stat } from 'node:fs/promises';
import { dirname, join, relative, resolve, sep } from 'node:path';
import type { DocumentStorage, StoredObject } from '@contracts/documents/document-storage';
import {
  addressOf,
  type DocumentAddress,
  InvalidDocumentKeyError,
  parseDocumentKey,
} from './document-key';
import { writeAtomically } from '../files/write-atomically';

/** An object and its content type, which sits beside it in `{sha256}.json`. */
interface ObjectFiles {
  readonly object: string;
  readonly metadata: string;
}

interface ObjectMetadata {
  readonly contentType: string;
}

// Only if the metadata file was removed by hand: serving the bytes as a download is safe.
const UNKNOWN_CONTENT_TYPE = 'application/octet-stream';

/** Objects in `{rootDir}/{namespace}/{sha256}`; `.data/objects` by default. */
export function createFilesystemDocumentStorage(rootDir: string): DocumentStorage {
  const root = resolve(rootDir);
  const filesOf = (address: DocumentAddress) => objectFiles(root, address);

  return {
    async put({ namespace, bytes, contentType }) {
      const address = addressOf(namespace, bytes);
      const files = filesOf(address);
      if (await isFile(files.object)) {
        return storedObject(address, bytes.length, await readContentType(files));
      }
      await mkdir(dirname(files.object), { recursive: true });
      // Metadata first: once the object is under its final name, its content type is too.
      await writeAtomically(
        files.metadata,
        JSON.stringify({ contentType } satisfies ObjectMetadata),
      );
      await writeAtomically(files.object, bytes);
      return storedObject(address, bytes.length, contentType);
    },

    async get(key) {
      const files = filesOf(parseDocumentKey(key));
      const bytes = await readIfPresent(files.object);
      if (bytes === undefined) return undefined;
      return { bytes, contentType: await readContentType(files) };
    },

    async exists(key) {
      return isFile(filesOf(parseDocumentKey(key)).object);
    },

    async delete(key) {
      const files = filesOf(parseDocumentKey(key));
      await removeIfPresent(files.object);
      await removeIfPresent(files.metadata);
    },

    async *list(prefix) {
      // The folder holding the prefix; keys are then filtered by the whole prefix.
      const start = resolve(root, ...prefix.split('/').slice(0, -1));
      if (start !== root && !start.startsWith(`${root}${sep}`)) return;
      for (const path of await objectPaths(start)) {
        const key = relative(root, path).split(sep).join('/');
        if (key.startsWith(prefix)) yield { key, storedAt: (await stat(path)).mtime };
      }
    },
  };
}

const OBJECT_NAME = /^[0-9a-f]{64}$/;

/** Object files below a folder: named by their SHA-256 (not metadata, not temporary files). */
async function objectPaths(dir: string): Promise<string[]> {
  let entries: import('node:fs').Dirent[];
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch (error) {
    if (isMissing(error)) return [];
    throw error;
  }
  const paths: string[] = [];
  for (const entry of entries) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) paths.push(...(await objectPaths(path)));
    else if (entry.isFile() && OBJECT_NAME.test(entry.name)) paths.push(path);
  }
  return paths;
}

function objectFiles(root: string, address: DocumentAddress): ObjectFiles {
  const object = join(root, ...address.namespace.split('/'), address.sha256);
  // The key rules already forbid `..` and absolute paths; this holds even if they loosen.
  if (!object.startsWith(`${root}${sep}`)) throw new InvalidDocumentKeyError('key', address.key);
  return { object, metadata: `${object}.json` };
}

function storedObject(address: DocumentAddress, size: number, contentType: string): StoredObject {
  return { key: address.key, sha256: address.sha256, size, contentType };
}

async function readContentType(files: ObjectFiles): Promise<string> {
  const text = await readIfPresent(files.metadata);
  if (text === undefined) return UNKNOWN_CONTENT_TYPE;
  const metadata: unknown = JSON.parse(new TextDecoder().decode(text));
  return isObjectMetadata(metadata) ? metadata.contentType : UNKNOWN_CONTENT_TYPE;
}

function isObjectMetadata(value: unknown): value is ObjectMetadata {
  return typeof (value as Partial<ObjectMetadata> | null)?.contentType === 'string';
}

function isMissing(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  // ENOTDIR: a path component is a file, so nothing can be below it.
  return code === 'ENOENT' || code === 'ENOTDIR';
}

async function readIfPresent(path: string): Promise<Uint8Array | undefined> {
  try {
    const buffer = await readFile(path);
    return new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength);
  } catch (error) {
    if (isMissing(error)) return undefined;
    throw error;
  }
}

async function isFile(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isFile();
  } catch (error) {
    if (isMissing(error)) return false;
    throw error;
  }
}

async function removeIfPresent(path: string): Promise<void> {
  try {
    await rm(path);
  } catch (error) {
    if (!isMissing(error)) throw error;
  }
}
