import { z } from 'zod';
import type { EventMetadata } from '@contracts/event-store';
import type { StaffRole } from '@contracts/principals';
import type { KeyObject } from 'node:crypto';
import { anchorSchema, type AnchorVerdict, checkAnchor, type ExportAnchor } from './export-anchor';
import { findLabelMismatch, formatLabelMismatch, type LabelMismatch } from './export-identity';
import {
  type BrokenLink,
  chainWalk,
  formatChainReport,
  type StoredLink,
  type StreamHead,
} from './hash-chain';

const AUDIT_EXPORT_FORMAT = 'claims-portal/audit-export';
const AUDIT_EXPORT_VERSION = 1;

/** One event as exported: what its hash covers, the hash, and the hash it chains from. */
export interface ExportedEvent {
  /** 1-based, as the Audit tab numbers versions. */
  readonly version: number;
  readonly streamRevision: string;
  readonly eventId: string;
  readonly type: string;
  readonly data: unknown;
  readonly metadata: EventMetadata;
  /** The hash of the event before it in the stream; '' for the first. */
  readonly previousHash: string;
  readonly hash: string;
}

/** A claim's stream as stored, with its head, for checking offline (decision 063). */
export interface AuditExport {
  readonly format: typeof AUDIT_EXPORT_FORMAT;
  readonly formatVersion: typeof AUDIT_EXPORT_VERSION;
  readonly submissionId: string;
  readonly streamId: string;
  readonly exportedAt: string;
  readonly exportedBy: {
    readonly staffId: string;
    readonly email: string;
    readonly role: StaffRole;
  };
  /**
   * What the store records as the stream's last event: `event_streams` with Postgres; with
   * EventStoreDB, which keeps no head of ours, the last event read.
   */
  readonly head: {
    readonly revision: string;
    readonly lastHash: string;
    readonly source: 'event_streams' | 'last event read';
  };
  /** The verification as it stood when the file was made. */
  readonly chainAtExport: ExportCheck;
  /** The newest signed checkpoint with the claim's head in it, and the proof (decision 130). */
  readonly anchor: ExportAnchor | null;
  readonly events: readonly ExportedEvent[];
}

type ExportCheck =
  | { readonly verified: true; readonly events: number }
  | {
      readonly verified: false;
      readonly events: number;
      readonly brokenAtVersion: number;
      readonly reason: BrokenLink['reason'];
    };

export interface AuditExportInput {
  readonly submissionId: string;
  readonly streamId: string;
  readonly links: readonly StoredLink[];
  /** undefined: the store keeps no head (EventStoreDB), the last event read stands for it. */
  readonly head: StreamHead | undefined;
  readonly exportedAt: Date;
  readonly exportedBy: AuditExport['exportedBy'];
  readonly anchor?: ExportAnchor | null;
}

export function buildAuditExport(input: AuditExportInput): AuditExport {
  const last = input.links.at(-1);
  const head = input.head ?? (last && { revision: last.streamRevision, lastHash: last.hash });
  const body = {
    format: AUDIT_EXPORT_FORMAT,
    formatVersion: AUDIT_EXPORT_VERSION,
    submissionId: input.submissionId,
    streamId: input.streamId,
    exportedAt: input.exportedAt.toISOString(),
    exportedBy: input.exportedBy,
    head: {
      revision: String(head?.revision ?? -1n),
      lastHash: head?.lastHash ?? '',
      source: input.head ? 'event_streams' : 'last event read',
    },
    events: input.links.map((link, index) => ({
      version: Number(link.streamRevision) + 1,
      streamRevision: String(link.streamRevision),
      eventId: link.eventId,
      type: link.type,
      data: link.data,
      metadata: link.metadata,
      previousHash: input.links[index - 1]?.hash ?? '',
      hash: link.hash,
    })),
  } as const;
  return {
    ...body,
    chainAtExport: toExportCheck(checkExport(body)),
    anchor: input.anchor ?? null,
  };
}

const metadataSchema = z.looseObject({
  eventId: z.string(),
  occurredAt: z.string(),
  actor: z.looseObject({ kind: z.enum(['customer', 'staff', 'system']), id: z.string() }),
  correlationId: z.string(),
  causationId: z.string(),
  tenant: z.string(),
  schemaVersion: z.number(),
});

const revision = z.string().regex(/^-?\d+$/, 'must be a whole number');

/** The shape a file must have before its links are worth checking. */
const exportSchema = z.object({
  format: z.literal(AUDIT_EXPORT_FORMAT),
  formatVersion: z.literal(AUDIT_EXPORT_VERSION),
  submissionId: z.string().min(1),
  streamId: z.string().min(1),
  head: z.object({ revision, lastHash: z.string() }),
  anchor: anchorSchema.nullable().optional(),
  events: z
    .array(
      z.object({
        version: z.number().int(),
        streamRevision: revision,
        eventId: z.string(),
        type: z.string(),
        data: z.unknown(),
        metadata: metadataSchema,
        previousHash: z.string(),
        hash: z.string(),
      }),
    )
    .min(1, 'must hold at least one event'),
});

/** An export whose chain holds but whose labels (claim, version, event id) say otherwise. */
interface LabelReport {
  readonly ok: false;
  readonly mismatch: LabelMismatch;
}

/** The chain and labels hold, and what the signed checkpoint says of them. */
interface AnchorReport {
  readonly ok: boolean;
  readonly events: number;
  readonly anchor: AnchorVerdict;
}

export type ExportReport = ChainExportReport | LabelReport | AnchorReport;

/** How `verify-export` checks the anchor: the public key of a key id, and whether one must be there. */
export interface AnchorCheck {
  readonly publicKeyOf: (keyId: string) => KeyObject | undefined;
  /** false (`--chain-only`): a file with no checkpoint is judged by its chain alone. */
  readonly required: boolean;
}

const NO_ANCHOR: AnchorVerdict = {
  ok: false,
  sentence:
    'no signed checkpoint in the file: its chain alone proves nothing against a rewrite (--chain-only accepts that)',
};

/** Where an export's chain breaks, with the file's own position of the event (1-based). */
type ChainExportReport =
  | { readonly ok: true; readonly events: number }
  | {
      readonly ok: false;
      readonly events: number;
      readonly broken: BrokenLink;
      /** The event's place in the file's `events`, 1-based. */
      readonly entry: number;
    };

export class MalformedExportError extends Error {}

/**
 * Checks an export file offline with the walk the CLI and the Audit tab use (chainWalk):
 * each event against the one before it in the file, then the last against the head. A
 * `previousHash` that is not the hash before it is a broken link too.
 */
export function verifyAuditExport(file: unknown, anchorCheck?: AnchorCheck): ExportReport {
  const parsed = exportSchema.safeParse(file);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new MalformedExportError(
      `not an audit export: ${issue?.path.join('.') || '(file)'} ${issue?.message ?? ''}`.trim(),
    );
  }
  // The metadata passed its schema; extra keys stay, since the hash covers them too.
  const chain = checkExport(parsed.data as unknown as CheckedExport);
  if (!chain.ok) return chain;
  const mismatch = findLabelMismatch(parsed.data);
  if (mismatch) return { ok: false, mismatch };
  if (!anchorCheck) return chain;
  const { anchor } = parsed.data;
  if (!anchor) return anchorCheck.required ? { ...chain, ok: false, anchor: NO_ANCHOR } : chain;
  const verdict = checkAnchor({ ...parsed.data, anchor }, anchorCheck.publicKeyOf);
  return { ok: verdict.ok, events: chain.events, anchor: verdict };
}

/** What the check reads of an export; `version` is for people and is not trusted. */
interface CheckedExport {
  readonly streamId: string;
  readonly head: { readonly revision: string; readonly lastHash: string };
  readonly events: readonly Omit<ExportedEvent, 'version'>[];
}

function checkExport(exported: CheckedExport): ChainExportReport {
  const walk = chainWalk();
  const head = { revision: BigInt(exported.head.revision), lastHash: exported.head.lastHash };
  // The entry at fault is 1-based; `events` of the file were sound before the break.
  const fail = (broken: BrokenLink, entry: number, events = entry - 1): ChainExportReport => ({
    ok: false,
    events,
    broken,
    entry,
  });
  let previous = '';
  for (const [index, event] of exported.events.entries()) {
    const link: StoredLink = {
      streamId: exported.streamId,
      streamRevision: BigInt(event.streamRevision),
      eventId: event.eventId,
      type: event.type,
      data: event.data,
      metadata: event.metadata,
      hash: event.hash,
    };
    const broken = walk.step(link, head);
    if (broken) return fail(broken, index + 1);
    if (event.previousHash !== previous) {
      const { streamId, streamRevision, eventId } = link;
      const stored = event.previousHash;
      return fail(
        { reason: 'hash', streamId, streamRevision, eventId, stored, computed: previous },
        index + 1,
      );
    }
    previous = event.hash;
  }
  const broken = walk.end();
  if (broken) return fail(broken, exported.events.length, exported.events.length);
  return { ok: true, events: walk.counts.events };
}

function toExportCheck(report: ChainExportReport): ExportCheck {
  if (report.ok) return { verified: true, events: report.events };
  return {
    verified: false,
    events: report.events,
    brokenAtVersion: Number(report.broken.streamRevision) + 1,
    reason: report.broken.reason,
  };
}

/** The CLI's words for an export's check: the first bad link, named as `verify` names one. */
export function formatExportReport(report: ExportReport, streamId: string): string {
  if ('anchor' in report) {
    const chain = `${streamId}, ${report.events} events, chain and head verified`;
    return report.ok
      ? `ok: ${chain}; ${report.anchor.sentence}`
      : `FAILED: ${report.anchor.sentence}`;
  }
  if (report.ok) return `ok: ${streamId}, ${report.events} events, chain and head verified`;
  if ('mismatch' in report) return formatLabelMismatch(report.mismatch);
  return [
    formatChainReport({ ok: false, streams: 1, events: report.events, broken: report.broken }),
    `  entry:    ${report.entry} of the file's events`,
  ].join('\n');
}
