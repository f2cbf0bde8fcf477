import { generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { chainHash } from '@contracts/event-hash';
import type { EventMetadata } from '@contracts/event-store';
import {
  type AuditExport,
  buildAuditExport,
  formatExportReport,
  MalformedExportError,
  verifyAuditExport,
} from './audit-export';
import { type InclusionProof, proveHead, signCheckpoint } from './checkpoint';
import type { StoredLink } from './hash-chain';

const STREAM = 'claim-01a20212-0000-7000-8000-000000000001';
const metadata: EventMetadata = {
  eventId: 'e0',
  occurredAt: '2026-11-22T10:00:00.000Z',
  actor: { kind: 'staff', id: 'agent', email: 'agent@claims.example' },
  correlationId: 'c',
  causationId: 'c',
  tenant: 'base',
  schemaVersion: 1,
};

function links(count: number): StoredLink[] {
  let hash = '';
  return Array.from({ length: count }, (_, index) => {
    const revision = BigInt(index);
    const event = {
      type: 'Thing',
      data: { n: index },
      metadata: { ...metadata, eventId: `e${index}` },
    };
    hash = chainHash(hash, STREAM, revision, event);
    return { streamId: STREAM, streamRevision: revision, eventId: `e${index}`, ...event, hash };
  });
}

/** `head` null: a store that keeps no head (EventStoreDB). */
const exportOf = (stored: StoredLink[], head: StoredLink | null | undefined = stored.at(-1)) =>
  buildAuditExport({
    submissionId: '01a20212-0000-7000-8000-000000000001',
    streamId: STREAM,
    links: stored,
    head: head ? { revision: head.streamRevision, lastHash: head.hash } : undefined,
    exportedAt: new Date('2026-11-25T20:00:00.000Z'),
    exportedBy: { staffId: 'ines', email: 'ines@claims.example', role: 'auditor' },
  });

/** The export as a file gives it back: JSON, so nothing but what JSON keeps. */
const asFile = (exported: AuditExport) => JSON.parse(JSON.stringify(exported));

describe('audit export', () => {
  it('links each event to the one before, and verifies as exported', () => {
    const exported = exportOf(links(4));
    expect(
      exported.events.map((e) => [e.version, e.previousHash === '' ? 'first' : 'linked']),
    ).toEqual([
      [1, 'first'],
      [2, 'linked'],
      [3, 'linked'],
      [4, 'linked'],
    ]);
    expect(exported.events[2]?.previousHash).toBe(exported.events[1]?.hash);
    expect(exported.head).toEqual({
      revision: '3',
      lastHash: exported.events[3]?.hash,
      source: 'event_streams',
    });
    expect(exported.chainAtExport).toEqual({ verified: true, events: 4 });
    expect(verifyAuditExport(asFile(exported))).toEqual({ ok: true, events: 4 });
  });

  it('names a tampered event, a dropped last event and a reordered file', () => {
    const file = asFile(exportOf(links(4)));
    const tampered = structuredClone(file);
    tampered.events[2].data.n = 99;
    expect(verifyAuditExport(tampered)).toMatchObject({
      ok: false,
      entry: 3,
      events: 2,
      broken: { reason: 'hash', eventId: 'e2', streamRevision: 2n },
    });
    const cut = { ...file, events: file.events.slice(0, 3) };
    expect(verifyAuditExport(cut)).toMatchObject({
      ok: false,
      entry: 3,
      events: 3,
      broken: { reason: 'head', eventId: 'e2', stored: `${file.head.lastHash} at revision 3` },
    });
    const reordered = {
      ...file,
      events: [file.events[0], file.events[2], file.events[1], file.events[3]],
    };
    expect(verifyAuditExport(reordered)).toMatchObject({
      ok: false,
      entry: 2,
      broken: { reason: 'revision', eventId: 'e2' },
    });
    const relinked = structuredClone(file);
    relinked.events[1].previousHash = 'f'.repeat(64);
    expect(verifyAuditExport(relinked)).toMatchObject({
      ok: false,
      entry: 2,
      broken: { eventId: 'e1' },
    });
  });

  it('exports a chain already broken in the store, saying where', () => {
    const stored = links(3);
    const exported = exportOf(stored.slice(0, 2), stored[2]);
    expect(exported.chainAtExport).toEqual({
      verified: false,
      events: 2,
      brokenAtVersion: 2,
      reason: 'head',
    });
    expect(formatExportReport(verifyAuditExport(asFile(exported)), STREAM)).toContain(
      `broken: stream head does not match its last event\n  stream:   ${STREAM}`,
    );
  });

  it('takes the last event read as the head when the store keeps none', () => {
    const exported = exportOf(links(2), null);
    expect(exported.head).toMatchObject({ revision: '1', source: 'last event read' });
    const longer = exportOf(links(4), null);
    expect(longer.head).toMatchObject({ revision: '3', lastHash: links(4)[3]?.hash });
    expect(exported.chainAtExport.verified).toBe(true);
  });

  it('refuses what is not an export, naming the field at fault', () => {
    const file = asFile(exportOf(links(2)));
    expect(() => verifyAuditExport({ ...file, format: 'other' })).toThrow(MalformedExportError);
    expect(() => verifyAuditExport({ ...file, events: [] })).toThrow(
      /events must hold at least one event/,
    );
    expect(() => verifyAuditExport({ ...file, head: { revision: 'x', lastHash: '' } })).toThrow(
      /head\.revision/,
    );
    expect(() => verifyAuditExport([])).toThrow(MalformedExportError);
    expect(() => verifyAuditExport('a string')).toThrow(/^not an audit export: \(file\) \S/);
  });

  it('refuses a file whose labels say its events belong elsewhere (issue 50)', () => {
    const file = () => asFile(exportOf(links(3)));
    const otherClaim = { ...file(), submissionId: '01a20212-0000-7000-8000-000000000002' };
    expect(verifyAuditExport(otherClaim)).toMatchObject({
      ok: false,
      mismatch: { entry: 0, field: 'streamId' },
    });
    const relabelled = file();
    relabelled.events[1].eventId = 'someone-else';
    expect(verifyAuditExport(relabelled)).toMatchObject({
      mismatch: { entry: 2, field: 'eventId', found: 'someone-else', expected: 'e1' },
    });
    const renumbered = file();
    renumbered.events[2].version = 99;
    expect(verifyAuditExport(renumbered)).toMatchObject({
      mismatch: { entry: 3, field: 'version', found: '99', expected: '3' },
    });
    expect(formatExportReport(verifyAuditExport(renumbered), STREAM)).toContain(
      'FAILED: the export does not describe its own events (version)',
    );
  });

  it('refuses an event whose own submissionId is another claim', () => {
    let hash = '';
    const foreign = [0, 1].map((index) => {
      const revision = BigInt(index);
      const submissionId = index === 1 ? 'another' : '01a20212-0000-7000-8000-000000000001';
      const event = {
        type: 'Thing',
        data: { submissionId },
        metadata: { ...metadata, eventId: `e${index}` },
      };
      hash = chainHash(hash, STREAM, revision, event);
      return { streamId: STREAM, streamRevision: revision, eventId: `e${index}`, ...event, hash };
    });
    expect(verifyAuditExport(asFile(exportOf(foreign)))).toMatchObject({
      mismatch: { entry: 2, field: 'data.submissionId', found: 'another' },
    });
  });
});

describe('an export checked against its signed checkpoint (decision 130)', () => {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  const stored = links(4);
  const head = stored.at(-1) as StoredLink;
  const leaf = { streamId: STREAM, revision: head.streamRevision, hash: head.hash };
  const other = { streamId: 'claim-other', revision: 0n, hash: 'ab'.repeat(32) };
  const checkpoint = signCheckpoint(
    { keyId: 'k1', privateKey },
    3,
    [leaf, other],
    new Date('2026-11-25T19:00:00.000Z'),
  );
  const anchored = {
    ...exportOf(stored),
    anchor: {
      checkpoint,
      leaf: { revision: String(leaf.revision), hash: leaf.hash },
      proof: proveHead([leaf, other], STREAM) as InclusionProof,
    },
  };
  const keyOf = (keyId: string) => (keyId === 'k1' ? publicKey : undefined);
  const chainWords = `${STREAM}, 4 events, chain and head verified`;

  it('matches when the checkpoint recorded the file’s head, and says so after the chain', () => {
    const report = verifyAuditExport(asFile(anchored), { publicKeyOf: keyOf, required: true });
    expect(report).toMatchObject({ ok: true, events: 4, anchor: { ok: true, covered: 4 } });
    expect(formatExportReport(report, STREAM)).toBe(
      `ok: ${chainWords}; matches signed checkpoint 3 of 2026-11-25T19:00:00.000Z, key k1 (versions 1–4 of 4)`,
    );
  });

  it('fails with the anchor’s own sentence when its key is not at hand', () => {
    const report = verifyAuditExport(asFile(anchored), {
      publicKeyOf: () => undefined,
      required: true,
    });
    expect(report.ok).toBe(false);
    expect(formatExportReport(report, STREAM)).toBe(
      'FAILED: no public key for key k1: give it with --public-key',
    );
  });

  it('requires a checkpoint unless told the chain alone will do, and ignores it when not asked', () => {
    const bare = asFile(exportOf(stored));
    expect(bare.anchor).toBeNull();
    const required = verifyAuditExport(bare, { publicKeyOf: keyOf, required: true });
    expect(required).toMatchObject({ ok: false, events: 4 });
    expect(formatExportReport(required, STREAM)).toBe(
      'FAILED: no signed checkpoint in the file: its chain alone proves nothing against a rewrite (--chain-only accepts that)',
    );
    const chainOnly = verifyAuditExport(bare, { publicKeyOf: keyOf, required: false });
    expect(chainOnly).toEqual({ ok: true, events: 4 });
    expect(formatExportReport(chainOnly, STREAM)).toBe(`ok: ${chainWords}`);
    expect(verifyAuditExport(asFile(anchored))).toEqual({ ok: true, events: 4 });
  });

  it('fails a file whose chain is broken even when its checkpoint matches its head', () => {
    const file = asFile(anchored);
    file.events[1].data = { n: 'edited' };
    const report = verifyAuditExport(file, { publicKeyOf: keyOf, required: true });
    expect(report).toMatchObject({ ok: false, entry: 2, broken: { reason: 'hash' } });
  });
});

describe('an export whose previousHash fields were edited', () => {
  it('names the entry whose previousHash is not the hash before it, in the lines verify prints', () => {
    const file = asFile(exportOf(links(3)));
    file.events[1].previousHash = 'ff';
    const report = verifyAuditExport(file);
    expect(report).toMatchObject({ ok: false, entry: 2, broken: { reason: 'hash', stored: 'ff' } });
    const lines = formatExportReport(report, STREAM).split('\n');
    expect(lines[0]).toBe('broken: hash does not match');
    expect(lines.at(-1)).toBe("  entry:    2 of the file's events");
  });
});
