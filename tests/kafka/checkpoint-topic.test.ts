import { createPublicKey, randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { EventStore } from '@contracts/event-store';
import { loadAuditKeys } from '@infra/audit/audit-keys';
import { checkpointTopic } from '@infra/audit/checkpoint-publisher';
import { signerTurn } from '@infra/audit/checkpoint-signer';
import { parseConfig } from '@infra/config/config';
import { createFilesystemDocumentStorage } from '@infra/documents/filesystem-document-storage';
import { createPostgresEventStore } from '@infra/eventstore/postgres/postgres-event-store';
import { createKafka } from '@infra/kafka/kafka-client';
import { claimantNumbered, claimLife } from '@infra/kafka/testing/claim-life';
import { buildAuditExport, verifyAuditExport } from '@projections/audit/audit-export';
import { readPublicKey } from '@projections/audit/checkpoint';
import { readExportAnchor } from '@projections/audit/export-anchor';
import { readStreamLinks } from '@projections/audit/verify-chains';
import { createTestDatabase, type TestDatabase } from '@tests/support/test-database';
import { readTopic } from './support/topic-reader';

describe('audit checkpoints on Kafka (real broker, decision 130)', () => {
  let database: TestDatabase;
  let store: EventStore;
  let dir: string;
  beforeAll(async () => {
    database = await createTestDatabase();
    store = createPostgresEventStore(database.pool, { pollIntervalMs: 50 });
    dir = await mkdtemp(join(tmpdir(), 'checkpoint-topic-'));
  });
  afterAll(async () => {
    await store?.close();
    await database?.drop();
    await rm(dir, { recursive: true, force: true });
  });

  it('a checkpoint read with a plain consumer and the public key alone verifies an export', async () => {
    const life = claimLife(1, claimantNumbered(1));
    for (const [step, events] of life.steps.entries()) {
      await store.append(life.streamId, events, {
        expectedRevision: step === 0 ? 'no_stream' : 'any',
      });
    }
    const keys = await loadAuditKeys(parseConfig({ DATA_DIR: dir }));
    const kafka = createKafka({ brokers: inject('kafkaBrokers'), clientId: 'checkpoint-test' });
    const topicName = `claims-${randomUUID()}.checkpoints`;
    const topic = checkpointTopic(kafka, topicName, {});
    const silent = { info: () => {}, warn: () => {}, error: () => {} };
    try {
      await signerTurn({
        pool: database.pool,
        documents: createFilesystemDocumentStorage(join(dir, 'objects')),
        keys,
        topic,
        intervalMs: 60_000,
        everyEvents: 1_000,
        log: silent,
      });
    } finally {
      await topic.close();
    }
    const { rows } = await database.pool.query('select published_at from audit_checkpoints');
    expect(rows[0]?.published_at).not.toBeNull();

    const [message] = await readTopic(kafka, topicName, (read) => read.length >= 1);
    if (!message) throw new Error('no checkpoint on the topic');
    const fromKafka = (message.raw as { checkpoint: never }).checkpoint;
    expect(message.key).toBe('1');

    const { links, head } = await readStreamLinks(database.pool, life.streamId);
    const exported = buildAuditExport({
      submissionId: life.submissionId,
      streamId: life.streamId,
      links,
      head,
      anchor: await readExportAnchor(database.pool, life.streamId),
      exportedAt: new Date(),
      exportedBy: { staffId: 'auditor', email: 'auditor@claims.example', role: 'auditor' },
    });
    // The auditor trusts only the topic's checkpoint and the public key handed over apart.
    const publicKey = readPublicKey(
      createPublicKey(keys.signing?.privateKey ?? '')
        .export({ format: 'der', type: 'spki' })
        .toString('base64'),
    );
    const anchor = exported.anchor;
    if (!anchor) throw new Error('the export has no anchor');
    const report = verifyAuditExport(
      { ...exported, anchor: { ...anchor, checkpoint: fromKafka } },
      { publicKeyOf: () => publicKey, required: true },
    );
    expect(report).toMatchObject({ ok: true, anchor: { ok: true } });
    expect('anchor' in report && report.anchor.sentence).toMatch(
      /^matches signed checkpoint 1 of .+, key dev-[0-9a-f]{8} \(versions 1–\d+ of \d+\)$/,
    );
  });
});
