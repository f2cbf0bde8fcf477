import { claimStreamId, upcastClaimEvent } from '@contracts/claims/events';
import { DOCUMENT_LIMITS } from '@contracts/claims/documents';
import type { RecordedEvent } from '@contracts/event-store';
import type { APIRoute } from 'astro';
import { v7 as uuidv7 } from 'uuid';
import { expect } from 'vitest';
import { verifyEventChains } from '@projections/audit/verify-chains';
import { evolveClaim, initialClaim, type ClaimRecord } from '@services/claims/claim';
import {
  GET as staffClaim,
  POST as amend,
} from '@site/pages/api/admin/claims/[submissionId]/index';
import { POST as markRead } from '@site/pages/api/claims/[submissionId]/decision-letter/read';
import { POST as addDocuments } from '@site/pages/api/claims/[submissionId]/documents';
import {
  type ApiHarness,
  alice,
  apiContext,
  getRequest,
  jsonRequest,
  type Principals,
  staffMember,
} from './api-harness';

/** One write of a race: which route, and the answer it got. */
export interface RaceAnswer {
  readonly kind: 'upload' | 'read' | 'save';
  readonly key: string;
  readonly status: number;
  readonly contentType: string | null;
  readonly body: Record<string, unknown> | undefined;
  /** The route threw instead of answering: the server would have answered a 500. */
  readonly thrown?: unknown;
}

/** A write that the race sends: its route, its Idempotency-Key and how to build the request. */
export interface RaceWrite {
  readonly kind: RaceAnswer['kind'];
  readonly key: string;
  send(): Promise<RaceAnswer>;
}

async function answer(
  kind: RaceAnswer['kind'],
  key: string,
  route: APIRoute,
  request: Request,
  params: Record<string, string>,
  principals: Principals,
): Promise<RaceAnswer> {
  try {
    const response = await route(apiContext(request, params, principals));
    const contentType = response.headers.get('content-type');
    const text = await response.text();
    const body = text ? (JSON.parse(text) as Record<string, unknown>) : undefined;
    return { kind, key, status: response.status, contentType, body };
  } catch (thrown) {
    return { kind, key, status: 500, contentType: null, body: undefined, thrown };
  }
}

/** The claim's ETag as staff read it now. */
export async function readEtag(submissionId: string): Promise<string> {
  const response = await staffClaim(
    apiContext(
      getRequest(`/api/admin/claims/${submissionId}`),
      { submissionId },
      {
        staff: staffMember,
      },
    ),
  );
  return response.headers.get('etag') ?? '';
}

export function uploadWrite(submissionId: string, attachments: unknown): RaceWrite {
  const key = uuidv7();
  return {
    kind: 'upload',
    key,
    send: () =>
      answer(
        'upload',
        key,
        addDocuments,
        jsonRequest(
          `/api/claims/${submissionId}/documents`,
          { attachments },
          { 'idempotency-key': key },
        ),
        { submissionId },
        { customer: alice },
      ),
  };
}

export function letterReadWrite(submissionId: string): RaceWrite {
  const key = uuidv7();
  return {
    kind: 'read',
    key,
    send: () =>
      answer(
        'read',
        key,
        markRead,
        jsonRequest(
          `/api/claims/${submissionId}/decision-letter/read`,
          {},
          { 'idempotency-key': key },
        ),
        { submissionId },
        { customer: alice },
      ),
  };
}

/**
 * A staff save of `body`, based on `etag` when given (a form read before the race), else
 * on the version read just before sending (a form opened during the race); `null` sends
 * no If-Match at all.
 */
export function staffSaveWrite(
  submissionId: string,
  body: unknown,
  etag?: string | null,
): RaceWrite {
  const key = uuidv7();
  return {
    kind: 'save',
    key,
    send: async () =>
      answer(
        'save',
        key,
        amend,
        jsonRequest(`/api/admin/claims/${submissionId}`, body, {
          'idempotency-key': key,
          ...(etag === null ? {} : { 'if-match': etag ?? (await readEtag(submissionId)) }),
        }),
        { submissionId },
        { staff: staffMember },
      ),
  };
}

/** Sends every write at once and waits for every answer. */
export const race = (writes: readonly RaceWrite[]) => Promise.all(writes.map((w) => w.send()));

/**
 * What every race must leave: no 5xx and nothing thrown; each refusal a 4xx problem+json;
 * each event appended by exactly one answered 2xx; the limits held; the hash chain intact.
 */
export async function expectRaceInvariants(
  api: ApiHarness,
  submissionId: string,
  before: readonly RecordedEvent[],
  answers: readonly RaceAnswer[],
): Promise<{ readonly claim: ClaimRecord; readonly appended: readonly RecordedEvent[] }> {
  for (const a of answers) {
    expect(a.thrown, `${a.kind} threw`).toBeUndefined();
    expect(a.status, `${a.kind} ${JSON.stringify(a.body)}`).toBeLessThan(500);
    if (a.status >= 400) {
      expect(a.status).toBeGreaterThanOrEqual(400);
      expect(a.contentType).toBe('application/problem+json');
      expect(a.body?.code).toEqual(expect.any(String));
    } else {
      expect([200, 201, 204]).toContain(a.status);
    }
  }
  const all = await api.runtime.eventStore.readStream(claimStreamId(submissionId));
  const appended = all.slice(before.length);
  expect(all.slice(0, before.length).map((e) => e.metadata.eventId)).toEqual(
    before.map((e) => e.metadata.eventId),
  );

  const byKey = new Map<string, RecordedEvent[]>();
  for (const event of appended) {
    const key = event.metadata.causationId;
    byKey.set(key, [...(byKey.get(key) ?? []), event]);
  }
  // A double-click sends one key twice: the command is applied once, whatever each answer.
  const succeeded = new Map(answers.filter((a) => a.status < 300).map((a) => [a.key, a.kind]));
  for (const [key, kind] of succeeded) {
    const events = byKey.get(key) ?? [];
    // A letter read that finds the letter read already answers 204 and records nothing.
    if (kind === 'read') expect(events.length).toBeLessThanOrEqual(1);
    else expect(events).toHaveLength(1);
  }
  for (const key of byKey.keys()) expect(succeeded.has(key), 'event of a refused write').toBe(true);
  const silentReads = [...succeeded].filter(([key, kind]) => kind === 'read' && !byKey.has(key));
  expect(appended).toHaveLength(succeeded.size - silentReads.length);

  const claim = all.map(upcastClaimEvent).reduce(evolveClaim, initialClaim()) as ClaimRecord;
  expectLimitsHold(claim);
  const chains = await verifyEventChains(api.database.pool);
  expect(chains.ok).toBe(true);
  return { claim, appended };
}

function expectLimitsHold(claim: ClaimRecord): void {
  const additional = claim.documents.filter((d) => d.kind === 'additional');
  expect(claim.documents.length).toBeLessThanOrEqual(DOCUMENT_LIMITS.claimMaxCount);
  expect(additional.length).toBeLessThanOrEqual(DOCUMENT_LIMITS.additionalMaxCount);
  const additionalBytes = additional.reduce((sum, d) => sum + d.size, 0);
  expect(additionalBytes).toBeLessThanOrEqual(DOCUMENT_LIMITS.additionalMaxTotalBytes);
}
