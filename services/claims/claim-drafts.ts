import { v7 as uuidv7 } from 'uuid';
import {
  type DraftAnswers,
  missingStatementErrors,
  type StagedDocument,
  type StoredDraft,
} from '@contracts/claims/claim-draft';
import type { SaveDraftBody } from '@contracts/claims/claim-draft-schema';
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
import { readClaimStream } from './claim-stream';
import { inspectFiles } from './inspect-file';
import type { ClaimPorts } from './ports';
import { type SubmittedClaim, submitClaim } from './submit-claim';

/** Changes to one claimant's draft, made while it is locked. */
interface DraftChanges {
  write(draft: Pick<StoredDraft, 'attemptId' | 'step' | 'answers'>): Promise<void>;
  addDocuments(documents: readonly StagedDocument[]): Promise<void>;
  removeDocument(documentId: string): Promise<void>;
  discard(): Promise<void>;
}

/** Where drafts are kept (Postgres by default). */
export interface ClaimDraftStore {
  read(customerId: string): Promise<StoredDraft | undefined>;
  /**
   * Runs `work` with the claimant's draft locked, in one transaction: what `work` changes
   * is kept only if it returns. `create` makes an empty draft first when there is none.
   */
  change<T>(
    customerId: string,
    work: (draft: StoredDraft | undefined, changes: DraftChanges) => Promise<T>,
    options?: { create?: boolean },
  ): Promise<T>;
}

export interface DraftPorts extends ClaimPorts {
  readonly drafts: ClaimDraftStore;
}

/**
 * Staged files live under the claimant's own namespace until the claim takes copies; one
 * namespace per staged document, so removing one never takes bytes another still names.
 */
const draftNamespace = (customerId: string, documentId: string) =>
  `drafts/${customerId.replace(/[^A-Za-z0-9_-]/g, '_')}/${documentId}`;

export async function saveDraft(
  ports: DraftPorts,
  customerId: string,
  body: SaveDraftBody,
): Promise<void> {
  await ports.drafts.change(
    customerId,
    async (draft, changes) => {
      await changes.write({
        attemptId: draft?.attemptId ?? uuidv7(),
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
): Promise<void> {
  const unused = await ports.drafts.change(customerId, async (draft, changes) => {
    const document = draft?.documents.find((d) => d.id === documentId);
    if (!draft || !document) throw new NotFoundError('no such staged document');
    await changes.removeDocument(documentId);
    return [document];
  });
  await deleteObjects(ports.documents, unused);
}

/** Start over: the draft and every staged file go. */
export async function discardDraft(ports: DraftPorts, customerId: string): Promise<void> {
  const staged = await ports.drafts.change(customerId, async (draft, changes) => {
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
 * Submits the draft as a claim (its answers checked by the claim's own rules), then removes
 * it. The submission id is the draft's attempt id, so a retry after a lost answer gives the
 * same claim instead of a second one.
 */
export async function submitDraft(
  ports: DraftPorts,
  claimant: Claimant,
  context: Omit<CommandContext, 'commandId'>,
  /** The draft's attempt id as the wizard knew it (its Idempotency-Key), when it sent one. */
  retryOf?: string,
): Promise<SubmittedClaim> {
  const { submitted, staged } = await ports.drafts.change(
    claimant.customerId,
    async (draft, changes) => {
      if (!draft) {
        // The draft is gone: a submit sent again after its answer was lost finds its claim.
        const earlier = retryOf && (await submittedEarlier(ports, claimant, retryOf));
        if (earlier) return { submitted: earlier, staged: [] };
        throw new NotFoundError('no draft to submit');
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
      await changes.discard();
      return { submitted, staged: draft.documents };
    },
  );
  // Only once the draft is gone for good: until then a retry still needs the files.
  await deleteObjects(ports.documents, staged);
  return submitted;
}

async function submittedEarlier(
  ports: DraftPorts,
  claimant: Claimant,
  submissionId: string,
): Promise<SubmittedClaim | undefined> {
  const stream = await readClaimStream(ports.eventStore, submissionId);
  const claim = stream.state;
  if (claim.status === 'NotSubmitted' || claim.claimant.customerId !== claimant.customerId) {
    return undefined;
  }
  const first = stream.recorded[0];
  return {
    submissionId,
    confirmationNumber: claim.confirmationNumber,
    position: first?.position,
    appended: false,
  };
}

async function deleteObjects(
  storage: DocumentStorage,
  documents: readonly StagedDocument[],
): Promise<void> {
  // An object left behind is only storage; the draft's rows are what the claimant sees.
  await Promise.all(documents.map((d) => storage.delete(d.storageKey).catch(() => undefined)));
}
