import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DocumentIntegrityError } from '@contracts/claims/document-integrity';
import { documentViewsStreamId } from '@contracts/claims/document-view-events';
import { CLAIM_EVENT_SCHEMA_VERSIONS, claimStreamId } from '@contracts/claims/events';
import { NotFoundError } from '@contracts/errors';
import { type CommandContext, toNewEvents } from '../shared/command-context';
import { amendClaim } from './amend-claim';
import type { ClaimRecord } from './claim';
import { loadClaim } from './load-claim';
import { type LetterReader, readDecisionLetter } from './read-decision-letter';
import { submitClaim } from './submit-claim';
import { sha256Hex } from '@tests/support/claims/bytes';
import {
  claimantFor,
  customerContext,
  type Harness,
  openHarness,
  pdfBytes,
  staffContext,
  staffMember,
  submitRequest,
} from '@tests/support/claims/handler-harness';

let harness: Harness;
beforeAll(async () => {
  harness = await openHarness();
});
afterAll(() => harness.close());

async function submitted(customerId: string) {
  const form = { fileName: 'form.pdf', bytes: pdfBytes(`form ${uuidv7()}`) };
  const { submissionId } = await submitClaim(
    harness.ports,
    { ...submitRequest, documents: [{ kind: 'claim', file: form }] },
    claimantFor(customerId),
    customerContext(customerId),
  );
  return submissionId;
}

/** A claim of `customerId` with a letter staff uploaded as `decision-2026.pdf`. */
async function withLetter(customerId: string) {
  const submissionId = await submitted(customerId);
  const letter = pdfBytes(`decision ${uuidv7()}`);
  await amendClaim(
    harness.ports,
    {
      readVersion: 'latest',
      submissionId,
      changes: { claimNumber: `L${uuidv7().replace(/-/g, '').slice(-7)}`.toUpperCase() },
      decisionLetter: { fileName: 'decision-2026.pdf', bytes: letter },
    },
    staffMember,
    staffContext(),
  );
  const claim = (await loadClaim(harness.ports.eventStore, submissionId)) as ClaimRecord;
  return { submissionId, letter, claim };
}

/**
 * Points the claim's eobPath at a letter stored beside it, as saves did before a letter's
 * upload was an event of its own: no DecisionLetterUploaded names it, only its key.
 */
async function pointEobPathAt(submissionId: string, letter: Uint8Array) {
  const stored = await harness.ports.documents.put({
    namespace: `claims/${submissionId}`,
    bytes: letter,
    contentType: 'application/pdf',
  });
  const claim = (await loadClaim(harness.ports.eventStore, submissionId)) as ClaimRecord;
  const stream = await harness.ports.eventStore.readStream(claimStreamId(submissionId));
  const amended = {
    type: 'ClaimAmendedByStaff' as const,
    data: {
      submissionId,
      changes: { eobPath: { from: claim.eobPath, to: stored.key } },
      amendedBy: staffMember,
      amendedAt: '2026-11-22T10:00:00.000Z',
    },
  };
  await harness.ports.eventStore.append(
    claimStreamId(submissionId),
    toNewEvents([amended], staffContext(), CLAIM_EVENT_SCHEMA_VERSIONS),
    { expectedRevision: BigInt(stream.length - 1) },
  );
  return stored.key;
}

const views = async (submissionId: string) =>
  (await harness.ports.eventStore.readStream(documentViewsStreamId(submissionId))).map(
    (event) => event.data,
  );

describe('readDecisionLetter', () => {
  it('given a claim with a letter, when its customer reads it, then the checked rendition under the uploaded name, and no staff view is recorded', async () => {
    const { submissionId, claim } = await withLetter('lena');
    const read = await readDecisionLetter(
      harness.ports,
      submissionId,
      { claimant: claimantFor('lena') },
      customerContext('lena'),
    );
    expect(read).toMatchObject({
      fileName: 'decision-2026.pdf',
      confirmationNumber: claim.confirmationNumber,
      contentType: 'application/pdf',
    });
    expect(sha256Hex(read.bytes)).toBe(claim.decisionLetter?.rendition?.sha256);
    expect(await views(submissionId)).toEqual([]);
  });

  it("given another customer's claim, when read, then NotFoundError", async () => {
    const { submissionId } = await withLetter('lena');
    await expect(
      readDecisionLetter(
        harness.ports,
        submissionId,
        { claimant: claimantFor('mallory') },
        customerContext('mallory'),
      ),
    ).rejects.toBeInstanceOf(NotFoundError);
  });

  it('given a claim with no letter, when its customer or staff read it, then NotFoundError naming the claim', async () => {
    const submissionId = await submitted('nora');
    const readers: LetterReader[] = [
      { claimant: claimantFor('nora') },
      { staff: { role: 'agent' } },
    ];
    for (const reader of readers) {
      await expect(
        readDecisionLetter(harness.ports, submissionId, reader, staffContext()),
      ).rejects.toThrow(new NotFoundError(`Claim ${submissionId} has no decision letter`));
    }
  });

  it('given a letter, when staff open the original, then its uploaded bytes, and the opening is recorded with the copy and role', async () => {
    const { submissionId, letter, claim } = await withLetter('olga');
    const read = await readDecisionLetter(
      harness.ports,
      submissionId,
      { staff: { role: 'auditor', copy: 'original' } },
      staffContext(),
    );
    expect(read.bytes).toEqual(letter);
    expect(read.fileName).toBe('decision-2026.pdf');
    expect(await views(submissionId)).toEqual([
      {
        submissionId,
        documentId: sha256Hex(letter),
        fileName: 'decision-2026.pdf',
        kind: 'decisionLetter',
        contentType: 'application/pdf',
        copy: 'original',
        role: 'auditor',
      },
    ]);
    expect(claim.decisionLetter?.sha256).toBe(sha256Hex(letter));
  });

  it('given a letter, when staff open it naming no copy, then the rendition, recorded as such', async () => {
    const { submissionId, claim } = await withLetter('pia');
    const read = await readDecisionLetter(
      harness.ports,
      submissionId,
      { staff: { role: 'agent' } },
      staffContext(),
    );
    expect(sha256Hex(read.bytes)).toBe(claim.decisionLetter?.rendition?.sha256);
    expect(await views(submissionId)).toMatchObject([{ copy: 'rendition', role: 'agent' }]);
  });

  it('given a letter only the eobPath names, when its customer reads it, then it is drawn from the original, checked against the sha256 its key ends with, under the default name', async () => {
    const submissionId = await submitted('ruth');
    const letter = pdfBytes(`legacy decision ${uuidv7()}`);
    const key = await pointEobPathAt(submissionId, letter);
    expect(key.endsWith(sha256Hex(letter))).toBe(true);
    const read = await readDecisionLetter(
      harness.ports,
      submissionId,
      { claimant: claimantFor('ruth') },
      customerContext('ruth'),
    );
    expect(read.fileName).toBe('decision-letter.pdf');
    expect(sha256Hex(read.bytes)).not.toBe(sha256Hex(letter));
    expect(Buffer.from(read.bytes).toString('latin1')).toMatch(/\/Subtype\s*\/Image/);

    await writeFile(join(harness.root, key), pdfBytes('replaced'));
    const refused = readDecisionLetter(
      harness.ports,
      submissionId,
      { claimant: claimantFor('ruth') },
      customerContext('ruth'),
    );
    await expect(refused).rejects.toBeInstanceOf(DocumentIntegrityError);
    await expect(refused).rejects.toMatchObject({
      refused: { copy: 'original', key, expectedSha256: sha256Hex(letter) },
    });
  });

  it('given the eobPath names another object than the uploaded letter, when staff open the original, then that object under the default name, not the uploaded one', async () => {
    const { submissionId } = await withLetter('sara');
    const other = pdfBytes(`put in place ${uuidv7()}`);
    await pointEobPathAt(submissionId, other);
    const read = await readDecisionLetter(
      harness.ports,
      submissionId,
      { staff: { role: 'agent', copy: 'original' } },
      staffContext(),
    );
    expect(read.bytes).toEqual(other);
    expect(read.fileName).toBe('decision-letter.pdf');
  });

  it('given the stored rendition was altered, when its customer or staff naming no copy read it, then the read is refused and recorded, not drawn again from the original', async () => {
    const { submissionId, claim } = await withLetter('tess');
    const rendition = claim.decisionLetter?.rendition;
    if (!rendition) throw new Error('the letter has no rendition');
    await writeFile(join(harness.root, rendition.key), pdfBytes(`swapped ${uuidv7()}`));
    const readers: [LetterReader, CommandContext][] = [
      [{ claimant: claimantFor('tess') }, customerContext('tess')],
      [{ staff: { role: 'agent' } }, staffContext()],
    ];
    for (const [reader, context] of readers) {
      await expect(
        readDecisionLetter(harness.ports, submissionId, reader, context),
      ).rejects.toBeInstanceOf(DocumentIntegrityError);
    }
    const refusal = { copy: 'rendition', key: rendition.key, expectedSha256: rendition.sha256 };
    expect(await views(submissionId)).toMatchObject([refusal, refusal]);
  });

  it('given both copies altered, when one request opens the rendition and then the original, then each refusal is recorded, once', async () => {
    const { submissionId, claim } = await withLetter('uma');
    const letter = claim.decisionLetter;
    if (!letter?.rendition) throw new Error('the letter has no rendition');
    await writeFile(join(harness.root, letter.rendition.key), pdfBytes(`swapped ${uuidv7()}`));
    await writeFile(join(harness.root, letter.key), pdfBytes(`swapped ${uuidv7()}`));
    const context = staffContext();
    const open = (copy: 'rendition' | 'original') =>
      readDecisionLetter(harness.ports, submissionId, { staff: { role: 'agent', copy } }, context);
    for (const copy of ['rendition', 'original', 'original'] as const) {
      await expect(open(copy)).rejects.toBeInstanceOf(DocumentIntegrityError);
    }
    expect(await views(submissionId)).toMatchObject([{ copy: 'rendition' }, { copy: 'original' }]);
  });
});
