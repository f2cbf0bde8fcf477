import type {
  ClaimDraftView,
  DraftAnswers,
  DraftDocument,
  WizardStep,
} from '@contracts/claims/claim-draft';
import type { InitialDocumentKind } from '@contracts/claims/documents';
import type { DraftFieldChange } from '@contracts/claims/draft-conflicts';
import type { FieldError } from '@contracts/errors';
import { apiFetch } from '../../api-client';
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

async function call<T>(
  method: string,
  url: string,
  body?: unknown,
  headers: Readonly<Record<string, string>> = {},
): Promise<Answer<T>> {
  const response = await apiFetch(url, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...csrfHeaders(),
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return {
    ok: response.ok,
    status: response.status,
    etag: response.headers.get('etag') ?? undefined,
    body: text ? JSON.parse(text) : {},
  };
}

/** The draft as the server holds it now (after a lost answer, what it actually kept). */
export const readDraft = () => call<ClaimDraftView>('GET', '/api/claims/draft');

/** Every write names the draft version it is based on (decision 121). */
const basedOn = (etag: string) => ({ 'if-match': etag });

export const saveDraft = (step: WizardStep, answers: DraftAnswers, etag: string) =>
  call<ClaimDraftView>('PUT', '/api/claims/draft', { step, answers }, basedOn(etag));

export const discardDraft = (etag: string) =>
  call<object>('DELETE', '/api/claims/draft', undefined, basedOn(etag));

export const removeStaged = (id: string, etag: string) =>
  call<object>(
    'DELETE',
    `/api/claims/draft/documents/${encodeURIComponent(id)}`,
    undefined,
    basedOn(etag),
  );

/**
 * Submits the version the claimant sees. `key` is this tab's: the same tab sending again after
 * a lost answer finds the claim it made; another tab is told the claim was already submitted.
 */
export const submitDraft = (etag: string, key: string) =>
  call<{ submissionId: string; confirmationNumber: string }>(
    'POST',
    '/api/claims/draft/submit',
    undefined,
    { ...basedOn(etag), 'idempotency-key': key },
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
  const headers = { ...csrfHeaders(), 'idempotency-key': key, ...basedOn(etag) };
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
