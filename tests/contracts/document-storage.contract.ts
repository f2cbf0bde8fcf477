import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DocumentStorage } from '@contracts/documents/document-storage';
import { InvalidDocumentKeyError } from '@infra/documents/document-key';

export interface DocumentStorageUnderTest {
  readonly storage: DocumentStorage;
  cleanup(): Promise<void>;
}

const FOUR_MEGABYTES = 4 * 1024 * 1024;
const PDF_HEADER = new TextEncoder().encode('%PDF-1.7\n');
const EVERY_BYTE_VALUE = Uint8Array.from({ length: 256 }, (_, i) => i);

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
/** Each test writes in a namespace of its own, as each claim does. */
export const uniqueNamespace = () => `claims/${randomUUID()}`;
const missingKey = () => `${uniqueNamespace()}/${sha256(randomBytes(16))}`;

/** Compared by length and hash: a 4 MB diff would bury the failure. */
function expectSameBytes(actual: Uint8Array | undefined, expected: Uint8Array): void {
  expect(actual).toBeInstanceOf(Uint8Array);
  expect(actual?.byteLength).toBe(expected.byteLength);
  expect(sha256(actual ?? new Uint8Array())).toBe(sha256(expected));
}

export function documentStorageContract(
  name: string,
  create: () => Promise<DocumentStorageUnderTest>,
): void {
  describe(`DocumentStorage contract: ${name}`, () => {
    let underTest: DocumentStorageUnderTest;
    let storage: DocumentStorage;
    beforeAll(async () => {
      underTest = await create();
      storage = underTest.storage;
    });
    afterAll(async () => {
      await underTest?.cleanup();
    });

    describe('put and get', () => {
      it.each([
        ['every byte value', EVERY_BYTE_VALUE],
        ['4 MB of random bytes', new Uint8Array(randomBytes(FOUR_MEGABYTES))],
        ['zero bytes', new Uint8Array()],
      ])('round-trips %s exactly', async (_, bytes) => {
        const stored = await storage.put({
          namespace: uniqueNamespace(),
          bytes,
          contentType: 'application/octet-stream',
        });
        const read = await storage.get(stored.key);
        expectSameBytes(read?.bytes, bytes);
        expect(await storage.exists(stored.key)).toBe(true);
      });

      it('describes the object: key {namespace}/{sha256 hex}, hash, size, content type', async () => {
        const namespace = uniqueNamespace();
        const bytes = new Uint8Array([...PDF_HEADER, ...randomBytes(100)]);
        const stored = await storage.put({ namespace, bytes, contentType: 'application/pdf' });
        expect(stored).toEqual({
          key: `${namespace}/${sha256(bytes)}`,
          sha256: sha256(bytes),
          size: bytes.byteLength,
          contentType: 'application/pdf',
        });
        expect(stored.key).toMatch(/^claims\/[0-9a-f-]{36}\/[0-9a-f]{64}$/);
      });

      it.each(['application/pdf', 'image/jpeg', 'image/png'])(
        'gives back the content type %s it was given',
        async (contentType) => {
          const stored = await storage.put({
            namespace: uniqueNamespace(),
            bytes: randomBytes(64),
            contentType,
          });
          expect((await storage.get(stored.key))?.contentType).toBe(contentType);
        },
      );
    });

    describe('content addressing', () => {
      it('stores the same bytes in the same namespace once, under the same key', async () => {
        const namespace = uniqueNamespace();
        const bytes = randomBytes(1024);
        const first = await storage.put({ namespace, bytes, contentType: 'image/png' });
        const second = await storage.put({ namespace, bytes, contentType: 'image/png' });
        expect(second).toEqual(first);
        await storage.delete(first.key);
        expect(await storage.exists(first.key)).toBe(false);
        expect(await storage.get(second.key)).toBeUndefined();
      });

      it('settles concurrent puts of the same bytes on one key', async () => {
        const namespace = uniqueNamespace();
        const bytes = randomBytes(256 * 1024);
        const stored = await Promise.all(
          Array.from({ length: 5 }, () =>
            storage.put({ namespace, bytes, contentType: 'application/pdf' }),
          ),
        );
        expect(new Set(stored.map((s) => s.key)).size).toBe(1);
        expectSameBytes((await storage.get(stored[0]!.key))?.bytes, bytes);
      });

      it('keeps the same bytes in two namespaces apart: deleting one leaves the other', async () => {
        const bytes = randomBytes(2048);
        const mine = await storage.put({
          namespace: uniqueNamespace(),
          bytes,
          contentType: 'image/png',
        });
        const theirs = await storage.put({
          namespace: uniqueNamespace(),
          bytes,
          contentType: 'image/png',
        });
        expect(mine.key).not.toBe(theirs.key);
        expect(mine.sha256).toBe(theirs.sha256);
        await storage.delete(mine.key);
        expect(await storage.exists(mine.key)).toBe(false);
        expectSameBytes((await storage.get(theirs.key))?.bytes, bytes);
      });

      it('gives different bytes in one namespace different keys', async () => {
        const namespace = uniqueNamespace();
        const a = await storage.put({
          namespace,
          bytes: randomBytes(32),
          contentType: 'image/png',
        });
        const b = await storage.put({
          namespace,
          bytes: randomBytes(32),
          contentType: 'image/png',
        });
        expect(a.key).not.toBe(b.key);
      });
    });

    describe('missing objects and delete', () => {
      it('answers undefined and false for a key that was never stored', async () => {
        const key = missingKey();
        expect(await storage.get(key)).toBeUndefined();
        expect(await storage.exists(key)).toBe(false);
      });

      it('deletes an object, and deleting it again or deleting a missing key is not an error', async () => {
        const stored = await storage.put({
          namespace: uniqueNamespace(),
          bytes: randomBytes(10),
          contentType: 'image/jpeg',
        });
        await storage.delete(stored.key);
        await storage.delete(stored.key);
        await storage.delete(missingKey());
        expect(await storage.exists(stored.key)).toBe(false);
        expect(await storage.get(stored.key)).toBeUndefined();
      });

      it('lists the objects under a prefix with when they were stored, and forgets deleted ones', async () => {
        const parent = `claims/${randomUUID()}`;
        const [a, b] = [`${parent}/a`, `${parent}/b`];
        const before = Date.now() - 60_000;
        const inA = await storage.put({
          namespace: a,
          bytes: EVERY_BYTE_VALUE,
          contentType: 'text/plain',
        });
        const inB = await storage.put({
          namespace: b,
          bytes: new Uint8Array([1]),
          contentType: 'text/plain',
        });
        const list = async (prefix: string) => {
          const found: { key: string; storedAt: Date }[] = [];
          for await (const object of storage.list(prefix)) found.push(object);
          return found;
        };
        expect((await list(`${parent}/`)).map((o) => o.key).sort()).toEqual(
          [inA.key, inB.key].sort(),
        );
        const onlyA = await list(`${a}/`);
        expect(onlyA.map((o) => o.key)).toEqual([inA.key]);
        expect(onlyA[0]?.storedAt.getTime()).toBeGreaterThan(before);
        await storage.delete(inA.key);
        expect((await list(`${parent}/`)).map((o) => o.key)).toEqual([inB.key]);
        expect(await list(`claims/${randomUUID()}/`)).toEqual([]);
      });

      it('stores bytes again after they were deleted', async () => {
        const namespace = uniqueNamespace();
        const bytes = randomBytes(100);
        const stored = await storage.put({ namespace, bytes, contentType: 'image/png' });
        await storage.delete(stored.key);
        await storage.put({ namespace, bytes, contentType: 'image/png' });
        expectSameBytes((await storage.get(stored.key))?.bytes, bytes);
      });
    });

    describe('keys and namespaces that could escape their place', () => {
      it.each([
        '../x',
        '/abs',
        '',
        'claims/../other',
        'claims/./x',
        'claims/',
        'claims//x',
        'claims\\x',
        'claims/x.pdf',
        'c:/claims',
        'claims/ü',
      ])('refuses the namespace %j', async (namespace) => {
        await expect(
          storage.put({ namespace, bytes: randomBytes(8), contentType: 'image/png' }),
        ).rejects.toBeInstanceOf(InvalidDocumentKeyError);
      });

      const hash = sha256(new Uint8Array([1]));
      it.each([
        '../../etc/passwd',
        `../${hash}`,
        `/${hash}`,
        hash,
        `claims/../${hash}`,
        `claims/x/${hash.toUpperCase()}`,
        `claims/x/${hash.slice(1)}`,
        `claims/x/${hash}.json`,
        '',
      ])('refuses the key %j in get, exists and delete', async (key) => {
        await expect(storage.get(key)).rejects.toBeInstanceOf(InvalidDocumentKeyError);
        await expect(storage.exists(key)).rejects.toBeInstanceOf(InvalidDocumentKeyError);
        await expect(storage.delete(key)).rejects.toBeInstanceOf(InvalidDocumentKeyError);
      });
    });
  });
}
