import type pg from 'pg';
import { v7 as uuidv7 } from 'uuid';
import {
  type DraftAnswers,
  EMPTY_DRAFT_ANSWERS,
  type StagedDocument,
  type StoredDraft,
  type WizardStep,
} from '@contracts/claims/claim-draft';
import type { AcceptedDocumentType } from '@contracts/documents/detect-document-type';
import type { DraftSnapshot } from '@contracts/claims/draft-conflicts';
import type { ClaimDraftStore, DraftSubmission } from '@services/claims/claim-drafts';
import type { InitialDocumentKind } from '@contracts/claims/documents';
import type { Migration } from '../postgres/migrate';

export const claimDraftMigrations: readonly Migration[] = [
  {
    id: '400-claim-drafts',
    sql: `
      create table claim_drafts (
        customer_id text primary key,
        attempt_id uuid not null,
        step smallint not null,
        answers jsonb not null,
        updated_at timestamptz not null
      );
      create table claim_draft_documents (
        id uuid primary key,
        customer_id text not null references claim_drafts (customer_id) on delete cascade,
        kind text not null,
        file_name text not null,
        size integer not null,
        sha256 text not null,
        content_type text not null,
        storage_key text not null,
        added_at timestamptz not null
      );
      create index claim_draft_documents_customer on claim_draft_documents (customer_id, added_at, id);
    `,
  },
  {
    // Decision 121: drafts are versioned; each version's answers are kept while the draft
    // lives (to tell a stale tab what changed), and a submitted draft leaves a record.
    id: '401-claim-draft-versions',
    sql: `
      alter table claim_drafts add column version integer not null default 0;
      create table claim_draft_versions (
        customer_id text not null references claim_drafts (customer_id) on delete cascade,
        attempt_id uuid not null,
        version integer not null,
        answers jsonb not null,
        documents jsonb not null,
        primary key (customer_id, attempt_id, version)
      );
      create table claim_draft_submissions (
        customer_id text not null,
        attempt_id uuid not null,
        version integer not null,
        submit_key text,
        submitted_at timestamptz not null,
        primary key (customer_id, attempt_id)
      );
    `,
  },
];

type Queryable = pg.Pool | pg.PoolClient;

interface DraftRow {
  attempt_id: string;
  version: number;
  step: number;
  answers: Partial<DraftAnswers>;
}

interface DocumentRow {
  id: string;
  kind: InitialDocumentKind;
  file_name: string;
  size: number;
  sha256: string;
  content_type: AcceptedDocumentType;
  storage_key: string;
}

/**
 * The claimant's draft; `forUpdate` locks it until the caller's transaction ends, so two
 * requests of the same claimant (two tabs) change it one after the other.
 */
async function readDraft(
  db: Queryable,
  customerId: string,
  options: { forUpdate?: boolean } = {},
): Promise<StoredDraft | undefined> {
  const { rows } = await db.query<DraftRow>(
    `select attempt_id, version, step, answers from claim_drafts where customer_id = $1${options.forUpdate ? ' for update' : ''}`,
    [customerId],
  );
  const row = rows[0];
  if (!row) return undefined;
  const documents = await db.query<DocumentRow>(
    `select id, kind, file_name, size, sha256, content_type, storage_key
       from claim_draft_documents where customer_id = $1 order by added_at, id`,
    [customerId],
  );
  return {
    customerId,
    attemptId: row.attempt_id,
    version: row.version,
    step: row.step as WizardStep,
    answers: { ...EMPTY_DRAFT_ANSWERS, ...row.answers },
    documents: documents.rows.map((d) => ({
      id: d.id,
      kind: d.kind,
      fileName: d.file_name,
      size: d.size,
      sha256: d.sha256,
      contentType: d.content_type,
      storageKey: d.storage_key,
    })),
  };
}

/** Creates the draft or replaces its step, answers and version; documents stay. */
async function writeDraft(
  db: Queryable,
  draft: Pick<StoredDraft, 'customerId' | 'attemptId' | 'version' | 'step' | 'answers'>,
  now: Date,
): Promise<void> {
  await db.query(
    `insert into claim_drafts (customer_id, attempt_id, version, step, answers, updated_at)
     values ($1, $2, $3, $4, $5, $6)
     on conflict (customer_id) do update
       set version = excluded.version, step = excluded.step, answers = excluded.answers,
           updated_at = excluded.updated_at`,
    [
      draft.customerId,
      draft.attemptId,
      draft.version,
      draft.step,
      JSON.stringify(draft.answers),
      now,
    ],
  );
}

async function insertStagedDocuments(
  db: Queryable,
  customerId: string,
  documents: readonly StagedDocument[],
  now: Date,
): Promise<void> {
  for (const [index, d] of documents.entries()) {
    // One millisecond apart keeps the order the claimant chose them in.
    await db.query(
      `insert into claim_draft_documents
         (id, customer_id, kind, file_name, size, sha256, content_type, storage_key, added_at)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
      [
        d.id,
        customerId,
        d.kind,
        d.fileName,
        d.size,
        d.sha256,
        d.contentType,
        d.storageKey,
        new Date(now.getTime() + index),
      ],
    );
  }
  await db.query(
    'update claim_drafts set updated_at = $2, version = version + 1 where customer_id = $1',
    [customerId, now],
  );
}

async function deleteStagedDocument(
  db: Queryable,
  customerId: string,
  documentId: string,
): Promise<void> {
  await db.query('delete from claim_draft_documents where customer_id = $1 and id = $2', [
    customerId,
    documentId,
  ]);
  await db.query('update claim_drafts set version = version + 1 where customer_id = $1', [
    customerId,
  ]);
}

/** Keeps what the claimant sees of the draft's current version (once per version). */
async function keepVersion(db: Queryable, customerId: string): Promise<void> {
  await db.query(
    `insert into claim_draft_versions (customer_id, attempt_id, version, answers, documents)
     select d.customer_id, d.attempt_id, d.version, d.answers,
            coalesce((select jsonb_agg(file_name order by added_at, id)
                        from claim_draft_documents where customer_id = d.customer_id), '[]')
       from claim_drafts d where d.customer_id = $1
     on conflict do nothing`,
    [customerId],
  );
}

async function readVersion(
  db: Queryable,
  customerId: string,
  attemptId: string,
  version: number,
): Promise<DraftSnapshot | undefined> {
  const { rows } = await db.query<{ answers: Partial<DraftAnswers>; documents: string[] }>(
    `select answers, documents from claim_draft_versions
      where customer_id = $1 and attempt_id = $2 and version = $3`,
    [customerId, attemptId, version],
  );
  const row = rows[0];
  return row && { answers: { ...EMPTY_DRAFT_ANSWERS, ...row.answers }, documents: row.documents };
}

async function readSubmission(
  db: Queryable,
  customerId: string,
  attemptId: string,
): Promise<DraftSubmission | undefined> {
  const { rows } = await db.query<{ version: number; submit_key: string | null }>(
    'select version, submit_key from claim_draft_submissions where customer_id = $1 and attempt_id = $2',
    [customerId, attemptId],
  );
  const row = rows[0];
  return row && { attemptId, version: row.version, submitKey: row.submit_key ?? undefined };
}

/** The draft became a claim: it is removed, and a record says which version was submitted. */
async function closeDraft(
  db: Queryable,
  customerId: string,
  submission: DraftSubmission,
  now: Date,
): Promise<void> {
  await db.query(
    `insert into claim_draft_submissions (customer_id, attempt_id, version, submit_key, submitted_at)
     values ($1, $2, $3, $4, $5) on conflict do nothing`,
    [customerId, submission.attemptId, submission.version, submission.submitKey ?? null, now],
  );
  await deleteDraft(db, customerId);
}

/** Removes the draft and its documents' rows (the objects are the caller's to delete). */
async function deleteDraft(db: Queryable, customerId: string): Promise<void> {
  await db.query('delete from claim_drafts where customer_id = $1', [customerId]);
}

/** The draft store of the claim services, on the application database. */
export function createPostgresClaimDrafts(
  pool: pg.Pool,
  now: () => Date = () => new Date(),
): ClaimDraftStore {
  return {
    read: (customerId) => readDraft(pool, customerId),
    version: (customerId, attemptId, version) => readVersion(pool, customerId, attemptId, version),
    submission: (customerId, attemptId) => readSubmission(pool, customerId, attemptId),
    async change(customerId, work, options = {}) {
      const client = await pool.connect();
      try {
        await client.query('begin');
        if (options.create) {
          await client.query(
            `insert into claim_drafts (customer_id, attempt_id, step, answers, updated_at)
             values ($1, $2, 1, '{}', $3) on conflict (customer_id) do nothing`,
            [customerId, uuidv7(), now()],
          );
        }
        const draft = await readDraft(client, customerId, { forUpdate: true });
        const result = await work(draft, {
          write: (next) => writeDraft(client, { customerId, ...next }, now()),
          addDocuments: (documents) => insertStagedDocuments(client, customerId, documents, now()),
          removeDocument: (documentId) => deleteStagedDocument(client, customerId, documentId),
          discard: () => deleteDraft(client, customerId),
          close: (submission) => closeDraft(client, customerId, submission, now()),
        });
        await keepVersion(client, customerId);
        await client.query('commit');
        return result;
      } catch (error) {
        await client.query('rollback').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
  };
}
