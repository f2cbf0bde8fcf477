import { samplePdf, samplePng } from '@contracts/documents/testing/sample-documents';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { v7 as uuidv7 } from 'uuid';
import type { Claimant, StaffMember } from '@contracts/claims/events';
import type { EventStore } from '@contracts/event-store';
import { createPostgresClaimDrafts } from '@infra/claim-drafts/postgres-claim-drafts';
import { createFilesystemDocumentStorage } from '@infra/documents/filesystem-document-storage';
import { createPostgresEventStore } from '@infra/eventstore/postgres/postgres-event-store';
import { createTestDatabase, type TestDatabase } from '@tests/support/test-database';
import type { CommandContext } from '@services/shared/command-context';
import type { DraftPorts } from '@services/claims/claim-drafts';
import type { ClaimPorts } from '@services/claims/ports';
import { submitClaim } from '@services/claims/submit-claim';
import { inProcessInspector } from './in-process-inspector';

/** Test support for the claim handlers: a real Postgres event store and files on disk. */

export interface Harness {
  readonly ports: ClaimPorts;
  readonly database: TestDatabase;
  /** The ports with the Postgres draft store beside them. */
  draftPorts(): DraftPorts;
  /** Every object file under the storage root (metadata files left out). */
  storedObjects(): Promise<string[]>;
  /** The folder the filesystem storage keeps objects in, each at its key. */
  readonly root: string;
  /** A second event store on the same database, as another portal process holds one. */
  anotherProcessStore(): EventStore;
  close(): Promise<void>;
}

export async function openHarness(): Promise<Harness> {
  const database = await createTestDatabase();
  const eventStore = createPostgresEventStore(database.pool, { pollIntervalMs: 100 });
  const root = await mkdtemp(join(tmpdir(), 'claims-objects-'));
  const others: EventStore[] = [];
  const ports: ClaimPorts = {
    eventStore,
    documents: createFilesystemDocumentStorage(root),
    inspector: inProcessInspector,
  };
  return {
    ports,
    database,
    root,
    draftPorts: () => ({ ...ports, drafts: createPostgresClaimDrafts(database.pool) }),
    async storedObjects() {
      const entries = await readdir(root, { recursive: true, withFileTypes: true });
      return entries
        .filter((entry) => entry.isFile() && /^[0-9a-f]{64}$/.test(entry.name))
        .map((entry) => join(entry.parentPath, entry.name).slice(root.length + 1));
    },
    anotherProcessStore() {
      const other = createPostgresEventStore(database.pool, { pollIntervalMs: 100 });
      others.push(other);
      return other;
    },
    async close() {
      await Promise.all(others.map((other) => other.close()));
      await eventStore.close();
      await database.drop();
      await rm(root, { recursive: true, force: true });
    },
  };
}

const encode = (text: string) => new TextEncoder().encode(text);

/** A real PDF, distinct per text (the server parses what it stores). */
export const pdfBytes = (text: string) => new Uint8Array(samplePdf(text));
/** A real PNG, distinct per text. */
export const pngBytes = (text: string) => new Uint8Array(samplePng(4, 4, 200, text));
/** A Windows executable: what a renamed `setup.exe` sent as `.pdf` really is. */
export const exeBytes = () => encode('MZ\x90\x00\x03 This program cannot be run in DOS mode.');

export function claimantFor(customerId: string): Claimant {
  return {
    customerId,
    email: `${customerId}@Example.com`,
    firstName: 'Marie',
    lastName: 'Tremblay',
    dateOfBirth: '1980-04-02',
  };
}

export const staffMember: StaffMember = { staffId: 'staff-7', email: 'agent@insurer.example' };

export function contextFor(
  actor: { kind: 'customer' | 'staff'; id: string },
  now = new Date('2026-11-22T10:00:00.000Z'),
): CommandContext {
  return { commandId: uuidv7(), actor, tenant: 'base', correlationId: uuidv7(), now };
}

export const customerContext = (customerId: string) =>
  contextFor({ kind: 'customer', id: customerId });
export const staffContext = () => contextFor({ kind: 'staff', id: staffMember.staffId });

/** The same store, except that appends to streams the test names fail. */
export function failingAppends(
  store: EventStore,
  fails: (streamId: string) => boolean,
): EventStore {
  return {
    ...store,
    append: (streamId, events, options) =>
      fails(streamId)
        ? Promise.reject(new Error(`append to ${streamId} failed (test)`))
        : store.append(streamId, events, options),
  };
}

export const submitRequest = {
  policyNumber: 'POL-1',
  productCode: '210' as const,
  productType: 'Mortgage' as const,
  claimType: 'Job Loss' as const,
  claimDescription: 'Laid off',
};

/** A claim the customer submitted with one PDF form: its submission id. */
export async function submittedWithForm(ports: ClaimPorts, customerId: string): Promise<string> {
  const file = { fileName: 'form.pdf', bytes: pdfBytes(uuidv7()) };
  const { submissionId } = await submitClaim(
    ports,
    { ...submitRequest, documents: [{ kind: 'claim', file }] },
    claimantFor(customerId),
    customerContext(customerId),
  );
  return submissionId;
}
