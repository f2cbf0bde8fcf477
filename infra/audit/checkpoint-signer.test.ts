import { generateKeyPairSync } from 'node:crypto';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DocumentStorage } from '@contracts/documents/document-storage';
import type { EventStore } from '@contracts/event-store';
import { parseConfig } from '@infra/config/config';
import { createFilesystemDocumentStorage } from '@infra/documents/filesystem-document-storage';
import { createPostgresEventStore } from '@infra/eventstore/postgres/postgres-event-store';
import { type ClaimLife, claimantNumbered, claimLife } from '@infra/kafka/testing/claim-life';
import { proveHead, verifyHeadAgainst } from '@projections/audit/checkpoint';
import { readLatestCheckpoint, readLeaves } from '@projections/audit/checkpoint-store';
import { rewriteStream } from '@tests/support/audit/rewrite-stream';
import { createTestDatabase, type TestDatabase } from '@tests/support/test-database';
import {
  type AuditKeys,
  loadAuditKeys,
  MissingSigningKeyError,
  requireSigningKey,
} from './audit-keys';
import { signerTurn, startCheckpointSigner } from './checkpoint-signer';

const silent = { info: () => {}, warn: () => {}, error: () => {} };

describe('the audit checkpoint signer (decision 130)', () => {
  let database: TestDatabase;
  let store: EventStore;
  let dir: string;
  let documents: DocumentStorage;
  let keys: AuditKeys;
  let lives: ClaimLife[];
  let clock = new Date('2026-12-06T10:00:00.000Z');
  const errors: string[] = [];
  const turn = () =>
    signerTurn({
      pool: database.pool,
      documents,
      keys,
      intervalMs: 60_000,
      everyEvents: 5,
      log: {
        ...silent,
        error: ((_: unknown, message: string) => void errors.push(message)) as never,
      },
      now: () => clock,
    });
  const later = (ms: number) => {
    clock = new Date(clock.getTime() + ms);
  };

  beforeAll(async () => {
    database = await createTestDatabase();
    store = createPostgresEventStore(database.pool, { pollIntervalMs: 50 });
    dir = await mkdtemp(join(tmpdir(), 'audit-signer-'));
    documents = createFilesystemDocumentStorage(join(dir, 'objects'));
    keys = await loadAuditKeys(parseConfig({ DATA_DIR: dir }));
    lives = Array.from({ length: 3 }, (_, i) => claimLife(i, claimantNumbered(i)));
    for (const life of lives) {
      for (const [step, events] of life.steps.entries()) {
        await store.append(life.streamId, events, {
          expectedRevision: step === 0 ? 'no_stream' : 'any',
        });
      }
    }
  });
  afterAll(async () => {
    await store?.close();
    await database?.drop();
    await rm(dir, { recursive: true, force: true });
  });

  it('signs every stream head, keeps the checkpoint in Postgres and a witness copy outside it', async () => {
    await turn();
    const first = await readLatestCheckpoint(database.pool);
    expect(first).toMatchObject({ sequence: 1, size: 3, signedAt: clock.toISOString() });
    const leaves = await readLeaves(database.pool, 1);
    const life = lives[1] as ClaimLife;
    const head = leaves.find((leaf) => leaf.streamId === life.streamId);
    const proof = proveHead(leaves, life.streamId);
    const publicKey = keys.verifying.get(first?.keyId ?? '');
    if (!first || !head || !proof || !publicKey) throw new Error('no checkpoint');
    expect(verifyHeadAgainst(head, proof, first, publicKey, first.keyId).ok).toBe(true);
    const witnessed = [];
    for await (const object of documents.list('audit-checkpoints/')) witnessed.push(object.key);
    expect(witnessed).toHaveLength(1);
    const copy = await documents.get(witnessed[0] as string);
    expect(JSON.parse(new TextDecoder().decode(copy?.bytes))).toMatchObject({
      format: 'claims-portal/audit-checkpoint',
      checkpoint: { sequence: 1, rootHash: first.rootHash, signature: first.signature },
    });
  });

  it('signs again after the interval, or as soon as N events were appended, not before', async () => {
    later(1_000);
    await turn();
    expect((await readLatestCheckpoint(database.pool))?.sequence).toBe(1);
    const extra = claimLife(9, claimantNumbered(9));
    for (const [step, events] of extra.steps.entries()) {
      await store.append(extra.streamId, events, {
        expectedRevision: step === 0 ? 'no_stream' : 'any',
      });
    }
    await turn();
    expect(await readLatestCheckpoint(database.pool)).toMatchObject({ sequence: 2, size: 4 });
    later(60_000);
    await turn();
    expect((await readLatestCheckpoint(database.pool))?.sequence).toBe(3);
  });

  it('never signs over a rewrite: the signed head of a rewritten stream is carried forward', async () => {
    const life = lives[0] as ClaimLife;
    const before = (await readLeaves(database.pool, 3)).find((l) => l.streamId === life.streamId);
    await rewriteStream(database.pool, life.streamId, 0, (data) => ({
      ...data,
      policyNumber: 'X',
    }));
    later(60_000);
    await turn();
    const after = (await readLeaves(database.pool, 4)).find((l) => l.streamId === life.streamId);
    expect(after).toEqual(before);
    expect(errors.some((message) => message.includes(life.streamId))).toBe(true);
  });

  it('refuses to sign on top of stored heads that no longer give the signed root', async () => {
    await database.pool.query(
      `update audit_checkpoint_heads set hash = repeat('0', 64) where stream_id = $1`,
      [(lives[2] as ClaimLife).streamId],
    );
    later(60_000);
    await expect(turn()).rejects.toThrow(/checkpoint 4 .*do not give its signed root/);
  });

  it('runs as the elected signer: a checkpoint at each interval while it holds the lease', async () => {
    const before = (await readLatestCheckpoint(database.pool))?.sequence ?? 0;
    // The heads the test before corrupted are dropped: the signer starts a fresh series.
    await database.pool.query('truncate audit_checkpoint_heads, audit_checkpoints');
    const signer = startCheckpointSigner({
      pool: database.pool,
      documents,
      keys,
      intervalMs: 200,
      everyEvents: 1_000,
      leaseTtlMs: 600,
      log: silent,
    });
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    await signer.stop();
    const { rows } = await database.pool.query<{ n: number }>(
      'select count(*)::int as n from audit_checkpoints',
    );
    expect(before).toBeGreaterThan(0);
    expect(rows[0]?.n).toBeGreaterThanOrEqual(3);
  });
});

describe('audit keys', () => {
  it('generates a development key once, names a configured one, and refuses production without one', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'audit-keys-'));
    try {
      const first = await loadAuditKeys(parseConfig({ DATA_DIR: dir }));
      const again = await loadAuditKeys(parseConfig({ DATA_DIR: dir }));
      expect(first.signing?.keyId).toMatch(/^dev-[0-9a-f]{8}$/);
      expect(again.signing?.keyId).toBe(first.signing?.keyId);
      expect(await readFile(join(dir, 'audit', 'dev-signing-key.pem'), 'utf8')).toContain(
        'PRIVATE',
      );

      const { privateKey, publicKey } = generateKeyPairSync('ed25519');
      const file = join(dir, 'k2.pem');
      await writeFile(file, privateKey.export({ format: 'pem', type: 'pkcs8' }));
      const old = join(dir, 'kept');
      await mkdir(old);
      const k1 = generateKeyPairSync('ed25519').publicKey;
      await writeFile(join(old, 'k1.pem'), k1.export({ format: 'pem', type: 'spki' }));
      const production = {
        NODE_ENV: 'production',
        DATA_DIR: dir,
        AUDIT_SIGNING_KEY_FILE: file,
        AUDIT_SIGNING_KEY_ID: 'k2',
        AUDIT_PUBLIC_KEYS_DIR: old,
      };
      const configured = await loadAuditKeys(parseConfig(production));
      expect(configured.signing?.keyId).toBe('k2');
      expect([...configured.verifying.keys()].sort()).toEqual(['k1', 'k2']);
      expect(configured.verifying.get('k2')?.equals(publicKey)).toBe(true);

      await expect(
        requireSigningKey(parseConfig({ NODE_ENV: 'production', DATA_DIR: dir })),
      ).rejects.toBeInstanceOf(MissingSigningKeyError);
      expect(() => parseConfig({ AUDIT_SIGNING_KEY_FILE: file })).toThrow(/AUDIT_SIGNING_KEY_ID/);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
