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
