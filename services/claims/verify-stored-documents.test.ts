import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { claimStreamId } from '@contracts/claims/events';
import { toNewEvents } from '../shared/command-context';
import { amendClaim } from './amend-claim';
import type { ClaimRecord } from './claim';
import { loadClaim } from './load-claim';
import { submitClaim } from './submit-claim';
import { formatStoredDocumentsReport, verifyStoredDocuments } from './verify-stored-documents';
import { sha256Hex } from '@tests/support/claims/bytes';
import {
  claimSubmitted,
  documentRef,
  inspected,
  SUBMISSION_ID,
} from '@tests/support/claims/claim-fixtures';
import {
  claimantFor,
  customerContext,
  type Harness,
  openHarness,
  pdfBytes,
  pngBytes,
  staffContext,
  staffMember,
  submitRequest,
} from '@tests/support/claims/handler-harness';

// One storage for the file: each test adds to what the earlier ones stored, so the checks
// compare with the count just before.
let harness: Harness;
beforeAll(async () => {
  harness = await openHarness();
});
afterAll(() => harness.close());

async function submitted(customerId: string) {
  const { submissionId } = await submitClaim(
    harness.ports,
    {
      ...submitRequest,
      documents: [
        { kind: 'claim', file: { fileName: 'form.pdf', bytes: pdfBytes(`form ${uuidv7()}`) } },
        { kind: 'supporting', file: { fileName: 'scan.png', bytes: pngBytes(uuidv7()) } },
      ],
    },
    claimantFor(customerId),
    customerContext(customerId),
  );
  return (await loadClaim(harness.ports.eventStore, submissionId)) as ClaimRecord;
}

const verify = () => verifyStoredDocuments(harness.ports);

describe('verifyStoredDocuments', () => {
  it('given intact claims, when verified, then every original and rendition is checked and none reported', async () => {
    const before = await verify();
    const claim = await submitted('quinn');
    await amendClaim(
      harness.ports,
      {
        readVersion: 'latest',
        submissionId: claim.submissionId,
        changes: { claimNumber: `V${uuidv7().replace(/-/g, '').slice(-7)}`.toUpperCase() },
        decisionLetter: { fileName: 'letter.pdf', bytes: pdfBytes(`letter ${uuidv7()}`) },
      },
      staffMember,
      staffContext(),
    );
    const report = await verify();
    // two documents and the letter, each with its rendition
    expect(report).toEqual({ checked: before.checked + 6, altered: [] });
    expect(formatStoredDocumentsReport(report)).toBe(
      `documents ok: ${report.checked} objects match their sha256`,
    );
  });

  it('given an object no claim names, when verified, then it is not checked', async () => {
    const before = await verify();
    const claim = await submitted('rhea');
    await harness.ports.documents.put({
      namespace: `claims/${claim.submissionId}`,
      bytes: pdfBytes(`stray ${uuidv7()}`),
      contentType: 'application/pdf',
    });
    await harness.ports.documents.put({
      namespace: `claims/${uuidv7()}`,
      bytes: pdfBytes(`of no claim ${uuidv7()}`),
      contentType: 'application/pdf',
    });
    expect(await verify()).toEqual({ checked: before.checked + 4, altered: [] });
  });

  it('given a rendition whose bytes were changed on disk, when verified, then it alone is reported with both hashes', async () => {
    const claim = await submitted('sami');
    const rendition = claim.documents[1]?.rendition;
    if (!rendition) throw new Error('the PNG has no rendition');
    const swapped = pngBytes(`swapped ${uuidv7()}`);
    await writeFile(join(harness.root, rendition.key), swapped);
    const report = await verify();
    expect(report.altered).toEqual([
      {
        submissionId: claim.submissionId,
        key: rendition.key,
        expectedSha256: rendition.sha256,
        foundSha256: sha256Hex(swapped),
      },
    ]);
    expect(formatStoredDocumentsReport(report).split('\n')).toEqual([
      `documents FAILED: 1 of ${report.checked} objects do not match their recorded sha256`,
      `  ${rendition.key} (claim ${claim.submissionId}): recorded ${rendition.sha256}, stored ${sha256Hex(swapped)}`,
    ]);
  });

  it('given a document stored before renditions, when verified, then its original alone is checked, and reported once altered', async () => {
    const before = await verify();
    const original = pdfBytes(`stored before renditions ${uuidv7()}`);
    const stored = await harness.ports.documents.put({
      namespace: `claims/${SUBMISSION_ID}`,
      bytes: original,
      contentType: 'application/pdf',
    });
    // A ClaimSubmitted of schema version 2, as written before decision 126: no rendition.
    const legacy = claimSubmitted([
      {
        ...documentRef(inspected('old.pdf'), 'claim'),
        sha256: sha256Hex(original),
        key: stored.key,
      },
    ]);
    await harness.ports.eventStore.append(
      claimStreamId(SUBMISSION_ID),
      toNewEvents([legacy], staffContext(), { ClaimSubmitted: 2 }),
      { expectedRevision: 'no_stream' },
    );
    const intact = await verify();
    expect(intact).toEqual({ checked: before.checked + 1, altered: before.altered });

    const replaced = pdfBytes(`replaced ${uuidv7()}`);
    await writeFile(join(harness.root, stored.key), replaced);
    expect((await verify()).altered).toContainEqual({
      submissionId: SUBMISSION_ID,
      key: stored.key,
      expectedSha256: sha256Hex(original),
      foundSha256: sha256Hex(replaced),
    });
  });
});
