import { v7 as uuidv7 } from 'uuid';
import {
  type DraftAnswers,
  missingStatementErrors,
  type StagedDocument,
  type StoredDraft,
} from '@contracts/claims/claim-draft';
import type { SaveDraftBody } from '@contracts/claims/claim-draft-schema';
import type { ExpectedDraft } from '@contracts/claims/draft-conflicts';
import type { Claimant } from '@contracts/claims/events';
import { initialDocumentErrors } from '@contracts/claims/document-rules';
import type { InitialDocumentKind } from '@contracts/claims/documents';
import { submitClaimRequestSchema } from '@contracts/claims/submit-claim-request';
import type { DocumentStorage, UploadedFile } from '@contracts/documents/document-storage';
import {
  type FieldError,
  IdempotencyKeyReusedError,
  NotFoundError,
  ValidationError,
} from '@contracts/errors';
import type { CommandContext } from '../shared/command-context';
import { derivedCommandId } from '../shared/event-ids';
import type { DraftPorts } from './draft-ports';
import { isCurrent, refuseStale, replayOrRefuseSubmitted } from './draft-versions';
import { inspectFiles } from './inspect-file';
import { type SubmittedClaim, submitClaim } from './submit-claim';

export type { ClaimDraftStore, DraftPorts, DraftSubmission } from './draft-ports';

/**
 * Staged files live under the claimant's own namespace until the claim takes copies; one
 * namespace per staged document, so removing one never takes bytes another still names.
 */
const draftNamespace = (customerId: string, documentId: string) =>
  `drafts/${customerId.replace(/[^A-Za-z0-9_-]/g, '_')}/${documentId}`;

/**
 * Saves the step and the answers, when the draft is still the version the wizard read; only
 * a change of answers moves the version on (moving between pages conflicts with nobody).
 */
export async function saveDraft(
  ports: DraftPorts,
  customerId: string,
  body: SaveDraftBody,
  expected: ExpectedDraft,
): Promise<void> {
  await ports.drafts.change(
    customerId,
    async (draft, changes) => {
      if (!draft || !isCurrent(draft, expected)) {
        return refuseStale(ports, customerId, draft, expected, body.answers);
      }
      const changed = JSON.stringify(draft.answers) !== JSON.stringify(body.answers);
      await changes.write({
        attemptId: draft.attemptId,
        version: draft.version + (changed || draft.version === 0 ? 1 : 0),
        step: body.step as StoredDraft['step'],
        answers: body.answers,
      });
    },
    { create: true },
  );
}

/**
 * Stages files of one kind: checked by their bytes against the claim's document rules with
 * what is staged already, stored, then listed in the draft. Nothing is kept if a rule fails.
 */
export async function stageDraftDocuments(
  ports: DraftPorts,
  customerId: string,
  kind: InitialDocumentKind,
  files: readonly UploadedFile[],
  uploadKey?: string,
  /** The draft the wizard is on; documents commute with other changes, so only its identity counts. */
  expected?: ExpectedDraft,
): Promise<StagedDocument[]> {
  if (files.length === 0) {
    throw new ValidationError([{ field: 'documents', code: 'documents.noneSelected' }]);
  }
  const added: StagedDocument[] = [];
  // An upload sent again with its Idempotency-Key names the same documents, so it stages once.
  const ids = files.map((_, index) =>
    uploadKey ? derivedCommandId(uploadKey, `staged:${index}`) : uuidv7(),
  );
  // Parsed before the draft is locked: a large PDF takes a moment.
  const inspected = (await inspectFiles(ports.inspector, files)).map((file) => ({ ...file, kind }));
  try {
    return await ports.drafts.change(
      customerId,
      async (draft, changes) => {
        const staged = draft?.documents ?? [];
        const earlier = staged.filter((document) => ids.includes(document.id));
        if (earlier.length > 0) return replayedUpload(earlier, ids, inspected);
        if (expected && !sameDraft(draft, expected)) {
          return refuseStale(ports, customerId, draft, expected);
        }
        const errors = initialDocumentErrors([...staged, ...inspected]);
        if (errors.length > 0) throw new ValidationError(errors);
        for (const [index, file] of inspected.entries()) {
          const id = ids[index] as string;
          const stored = await ports.documents.put({
            namespace: draftNamespace(customerId, id),
            bytes: (files[index] as UploadedFile).bytes,
            contentType: file.contentType as string,
          });
          added.push({
            id,
            kind,
            fileName: file.fileName,
            size: file.size,
            sha256: file.sha256,
            contentType: file.contentType as StagedDocument['contentType'],
            storageKey: stored.key,
          });
        }
        await changes.addDocuments(added);
        return added;
      },
      { create: true },
    );
  } catch (error) {
    // The draft did not take them: their bytes must not stay behind.
    await deleteObjects(ports.documents, added);
    throw error;
  }
}

/**
 * The documents a retried upload staged the first time, when it sends the same files of the
 * same kind; the same key with other files is refused (IETF draft httpapi-idempotency-key-header).
 */
function replayedUpload(
  earlier: readonly StagedDocument[],
  ids: readonly string[],
  inspected: readonly { kind: string; sha256: string }[],
): StagedDocument[] {
  const byId = new Map(earlier.map((document) => [document.id, document]));
  const same =
    earlier.length === ids.length &&
    ids.every((id, index) => {
      const document = byId.get(id);
      const file = inspected[index];
      return document?.sha256 === file?.sha256 && document?.kind === file?.kind;
    });
  if (!same) throw new IdempotencyKeyReusedError('Idempotency-Key reused for other files');
  return ids.map((id) => byId.get(id) as StagedDocument);
}

/** Removes one staged document and its bytes. */
export async function removeDraftDocument(
  ports: DraftPorts,
  customerId: string,
  documentId: string,
  expected?: ExpectedDraft,
): Promise<void> {
  const unused = await ports.drafts.change(customerId, async (draft, changes) => {
    if (expected && !sameDraft(draft, expected)) {
      return refuseStale(ports, customerId, draft, expected);
    }
    const document = draft?.documents.find((d) => d.id === documentId);
    if (!draft || !document) throw new NotFoundError('no such staged document');
    await changes.removeDocument(documentId);
    return [document];
  });
  await deleteObjects(ports.documents, unused);
}

/** The write names the draft as it is now, whatever its version (documents commute). */
const sameDraft = (draft: StoredDraft | undefined, expected: ExpectedDraft) =>
  expected.kind === 'new' ? !draft || draft.version === 0 : draft?.attemptId === expected.attemptId;

/** Start over: the draft and every staged file go, when it is the version the claimant saw. */
export async function discardDraft(
  ports: DraftPorts,
  customerId: string,
  expected: ExpectedDraft,
): Promise<void> {
  const staged = await ports.drafts.change(customerId, async (draft, changes) => {
    if (!isCurrent(draft, expected)) return refuseStale(ports, customerId, draft, expected);
    if (!draft) return [];
    await changes.discard();
    return draft.documents;
  });
  await deleteObjects(ports.documents, staged);
}

function claimRequestOf(answers: DraftAnswers, documents: readonly StagedDocument[]) {
  const parsed = submitClaimRequestSchema.safeParse(answers);
  const errors: FieldError[] = parsed.success
    ? []
    : parsed.error.issues.map((issue) => ({
        field: issue.path.join('.'),
        code: issue.message,
      }));
  errors.push(...missingStatementErrors(answers, documents));
  if (!parsed.success || errors.length > 0) throw new ValidationError(errors);
  return parsed.data;
}

/**
 * Submits the draft as a claim (its answers checked by the claim's own rules), when it is the
 * version the claimant saw, then closes it. The submission id is the draft's attempt id, so a
 * retry after a lost answer (same version, same Idempotency-Key) gives the same claim.
 */
export async function submitDraft(
  ports: DraftPorts,
  claimant: Claimant,
  context: Omit<CommandContext, 'commandId'>,
  expected: ExpectedDraft,
  /** The submit's Idempotency-Key: the same key again is a retry, another one another tab. */
  submitKey?: string,
): Promise<SubmittedClaim> {
  const { submitted, staged } = await ports.drafts.change(
    claimant.customerId,
    async (draft, changes) => {
      if (expected.kind === 'draft' && draft?.attemptId !== expected.attemptId) {
        const earlier = await replayOrRefuseSubmitted(ports, claimant, expected, submitKey);
        if (earlier) return { submitted: earlier, staged: [] };
      }
      if (expected.kind === 'new' && (!draft || draft.version === 0)) {
        throw new NotFoundError('no draft to submit');
      }
      if (!draft || !isCurrent(draft, expected)) {
        return refuseStale(ports, claimant.customerId, draft, expected);
      }
      const request = claimRequestOf(draft.answers, draft.documents);
      const documents = await Promise.all(
        draft.documents.map(async (document) => {
          const object = await ports.documents.get(document.storageKey);
          if (!object) throw new Error(`staged object ${document.storageKey} is missing`);
          return {
            kind: document.kind,
            file: { fileName: document.fileName, bytes: object.bytes },
          };
        }),
      );
      const submitted = await submitClaim(ports, { ...request, documents }, claimant, {
        ...context,
        commandId: draft.attemptId,
      });
      await changes.close({ attemptId: draft.attemptId, version: draft.version, submitKey });
      return { submitted, staged: draft.documents };
    },
  );
  // Only once the draft is gone for good: until then a retry still needs the files.
  await deleteObjects(ports.documents, staged);
  return submitted;
}

async function deleteObjects(
  storage: DocumentStorage,
  documents: readonly StagedDocument[],
): Promise<void> {
  // An object left behind is only storage; the draft's rows are what the claimant sees.
  await Promise.all(documents.map((d) => storage.delete(d.storageKey).catch(() => undefined)));
}
