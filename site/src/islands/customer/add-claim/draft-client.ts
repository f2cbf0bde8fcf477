import type {
  ClaimDraftView,
  DraftAnswers,
  DraftDocument,
  WizardStep,
} from '@contracts/claims/claim-draft';
import type { InitialDocumentKind } from '@contracts/claims/documents';
import type { DraftFieldChange } from '@contracts/claims/draft-conflicts';
import type { FieldError } from '@contracts/errors';
import { customerApi } from '../../api-client';
import { csrfHeaders } from '../../csrf';
import {
  type FileToSend,
  type UploadAnswer,
  uploadBatch,
} from '../additional-documents/upload-batch';

/** The browser side of /api/claims/draft. Every call answers with its status and JSON body. */

export interface Answer<T> {
  readonly ok: boolean;
  readonly status: number;
  /** The draft's version after the call, when the answer names it (ETag). */
  readonly etag?: string;
  readonly body: T &
    DraftConflictBody & { errors?: (FieldError & { message?: string })[]; code?: string };
}

/** A typed-client call's outcome (openapi-fetch): its parsed JSON and the response. */
interface Sent {
  readonly data?: unknown;
  readonly error?: unknown;
  readonly response: Response;
}

async function answered<T>(sent: Promise<Sent>): Promise<Answer<T>> {
  const { data, error, response } = await sent;
  const body = data ?? error;
  return {
    ok: response.ok,
    status: response.status,
    etag: response.headers.get('etag') ?? undefined,
    // The islands' own view of the draft and its 409 (decision 121): narrower than the document's.
    body: (body !== null && typeof body === 'object' ? body : {}) as Answer<T>['body'],
  };
}

/** The draft as the server holds it now (after a lost answer, what it actually kept). */
export const readDraft = () => answered<ClaimDraftView>(customerApi.GET('/api/claims/draft'));

/** Every write names the draft version it is based on (decision 121). */
const basedOn = (etag: string) => ({ 'If-Match': etag });

export const saveDraft = (step: WizardStep, answers: DraftAnswers, etag: string) =>
  answered<ClaimDraftView>(
    customerApi.PUT('/api/claims/draft', {
      body: { step, answers: { ...answers } },
      params: { header: basedOn(etag) },
    }),
  );

export const discardDraft = (etag: string) =>
  answered<object>(customerApi.DELETE('/api/claims/draft', { params: { header: basedOn(etag) } }));

export const removeStaged = (id: string, etag: string) =>
  answered<object>(
    customerApi.DELETE('/api/claims/draft/documents/{documentId}', {
      params: { path: { documentId: id }, header: basedOn(etag) },
    }),
  );

/**
 * Submits the version the claimant sees. `key` is this tab's: the same tab sending again after
 * a lost answer finds the claim it made; another tab is told the claim was already submitted.
 */
export const submitDraft = (etag: string, key: string) =>
  answered<{ submissionId: string; confirmationNumber: string }>(
    customerApi.POST('/api/claims/draft/submit', {
      params: { header: { ...basedOn(etag), 'Idempotency-Key': key } },
    }),
  );

export type StagedAnswer = UploadAnswer & {
  body: { documents?: DraftDocument[]; etag?: string } & DraftConflictBody;
};

/** Stages files of one kind, reporting how much of each has gone; `key` makes a resend stage once. */
export function stageFiles(
  kind: InitialDocumentKind,
  files: readonly FileToSend[],
  onPercents: (percents: number[]) => void,
  key: string,
  etag: string,
): Promise<StagedAnswer> {
  const headers = { ...csrfHeaders(), 'idempotency-key': key, 'if-match': etag };
  return uploadBatch('/api/claims/draft/documents', files, headers, onPercents, {
    kind,
  }) as Promise<StagedAnswer>;
}

/** What a 409 of a draft write carries (decision 121). */
export interface DraftConflictBody {
  readonly reason?: 'draftChanged' | 'draftSubmitted';
  readonly changes?: readonly DraftFieldChange[];
  readonly draft?: ClaimDraftView;
  readonly submissionId?: string;
  readonly confirmationNumber?: string;
}

/** The API's own words for each refused field (problem+json `errors[].message`). */
export function serverMessages(body: unknown): string[] {
  const errors = (body as { errors?: { message?: unknown }[] } | undefined)?.errors ?? [];
  return errors.map((error) => error.message).filter((m): m is string => typeof m === 'string');
}
