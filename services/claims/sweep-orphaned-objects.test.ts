import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stageDraftDocuments } from './claim-drafts';
import { submitClaim } from './submit-claim';
import { sweepOrphanedClaimObjects } from './sweep-orphaned-objects';
import {
  claimantFor,
  customerContext,
  type Harness,
  openHarness,
  pdfBytes,
  submitRequest,
} from '@tests/support/claims/handler-harness';

describe('sweeping objects no claim event names', () => {
  let harness: Harness;
  beforeAll(async () => {
    harness = await openHarness();
  });
  afterAll(async () => {
    await harness.close();
  });

  it('deletes an orphan past the grace period and keeps every named object', async () => {
    const { submissionId } = await submitClaim(
      harness.ports,
      {
        ...submitRequest,
        documents: [{ kind: 'claim', file: { fileName: 'claim.pdf', bytes: pdfBytes('kept') } }],
      },
      claimantFor('alice'),
      customerContext('alice'),
    );
    const named = await harness.storedObjects();
    // The original, sealed, and its rendition beside it (decision 126): the sweep keeps both.
    expect(named).toHaveLength(2);
    // What a crash between storing the files and appending the event leaves.
    const orphan = await harness.ports.documents.put({
      namespace: `claims/${submissionId}`,
      bytes: pdfBytes('never appended'),
      contentType: 'application/pdf',
    });
    const lost = await harness.ports.documents.put({
      namespace: 'claims/01a21100-0000-7000-8000-000000000000',
      bytes: pdfBytes('a claim that was never appended at all'),
      contentType: 'application/pdf',
    });

    const soon = await sweepOrphanedClaimObjects(harness.ports, {
      now: new Date(),
      graceMs: 60_000,
    });
    expect(soon.deleted).toEqual([]);

    const later = await sweepOrphanedClaimObjects(harness.ports, {
      now: new Date(Date.now() + 120_000),
      graceMs: 60_000,
    });
    expect([...later.deleted].sort()).toEqual([orphan.key, lost.key].sort());
    expect(await harness.storedObjects()).toEqual(named);
  });

  it('leaves staged draft files alone: they live outside claims/, and only the claims’ objects are counted', async () => {
    const claimObjects = async () =>
      (await harness.storedObjects()).filter((key) => key.startsWith('claims/'));
    const [staged] = await stageDraftDocuments(harness.draftPorts(), 'bea', 'claim', [
      { fileName: 'claim.pdf', bytes: pdfBytes('staged, not submitted yet') },
    ]);
    if (!staged) throw new Error('nothing staged');
    const swept = await sweepOrphanedClaimObjects(harness.ports, {
      now: new Date(Date.now() + 120_000),
      graceMs: 60_000,
    });
    expect(swept.deleted).toEqual([]);
    expect(swept.checked).toBe((await claimObjects()).length);
    expect(await harness.storedObjects()).toContain(staged.storageKey);
  });

  it('counts an object exactly the grace period old as past it', async () => {
    const namespace = 'claims/01a21100-0000-7000-8000-00000000000b';
    const orphan = await harness.ports.documents.put({
      namespace,
      bytes: pdfBytes('exactly as old as the grace period'),
      contentType: 'application/pdf',
    });
    let storedAt: Date | undefined;
    for await (const object of harness.ports.documents.list(`${namespace}/`)) {
      storedAt = object.storedAt;
    }
    if (!storedAt) throw new Error('the orphan is not listed');
    const swept = await sweepOrphanedClaimObjects(harness.ports, {
      now: new Date(storedAt.getTime() + 60_000),
      graceMs: 60_000,
    });
    expect(swept.deleted).toContain(orphan.key);
  });
});
