import type {
  ClaimDraftView,
  DraftAnswers,
  DraftDocument,
  WizardStep,
} from '@contracts/claims/claim-draft';
import type { InitialDocumentKind } from '@contracts/claims/documents';
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
  readonly body: T & { errors?: (FieldError & { message?: string })[]; code?: string };
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
  return { ok: response.ok, status: response.status, body: text ? JSON.parse(text) : {} };
}

export const saveDraft = (step: WizardStep, answers: DraftAnswers) =>
  call<ClaimDraftView>('PUT', '/api/claims/draft', { step, answers });

export const discardDraft = () => call<object>('DELETE', '/api/claims/draft');

export const removeStaged = (id: string) =>
  call<object>('DELETE', `/api/claims/draft/documents/${encodeURIComponent(id)}`);

/** The draft's attempt id is the submit's Idempotency-Key: a retry finds the claim it made. */
export const submitDraft = (attemptId: string | undefined) =>
  call<{ submissionId: string; confirmationNumber: string }>(
    'POST',
    '/api/claims/draft/submit',
    undefined,
    attemptId ? { 'idempotency-key': attemptId } : {},
  );

/** Stages files of one kind, reporting how much of each has gone; `key` makes a resend stage once. */
export function stageFiles(
  kind: InitialDocumentKind,
  files: readonly FileToSend[],
  onPercents: (percents: number[]) => void,
  key: string,
): Promise<UploadAnswer & { body: { documents?: DraftDocument[] } }> {
  const headers = { ...csrfHeaders(), 'idempotency-key': key };
  return uploadBatch('/api/claims/draft/documents', files, headers, onPercents, {
    kind,
  }) as Promise<UploadAnswer & { body: { documents?: DraftDocument[] } }>;
}

/** The API's own words for each refused field (problem+json `errors[].message`). */
export function serverMessages(body: unknown): string[] {
  const errors = (body as { errors?: { message?: unknown }[] } | undefined)?.errors ?? [];
  return errors.map((error) => error.message).filter((m): m is string => typeof m === 'string');
}
