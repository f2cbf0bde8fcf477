import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DraftChangedError, type ExpectedDraft } from '@contracts/claims/draft-conflicts';
import { claimStreamId } from '@contracts/claims/events';
import { IdempotencyKeyReusedError, NotFoundError, ValidationError } from '@contracts/errors';
import {
  type DraftPorts,
  discardDraft,
  removeDraftDocument,
  saveDraft,
  stageDraftDocuments,
  submitDraft,
} from './claim-drafts';
import {
  claimantFor,
  type Harness,
  openHarness,
  pdfBytes,
} from '@tests/support/claims/handler-harness';
import {
  baseReadNow,
  draftAnswers as answers,
  draftContextOf as contextOf,
  NO_DRAFT as NEW,
  newCustomer,
  refusal,
} from '@tests/support/claims/draft-harness';

// The draft writes a wizard tab makes, each on the base it read (decision 121): what moves
// the version on, which writes commute, and what an upload's Idempotency-Key replays.

let harness: Harness;
let ports: DraftPorts;
beforeAll(async () => {
  harness = await openHarness();
  ports = harness.draftPorts();
});
afterAll(() => harness.close());

const pdf = (name: string) => ({ fileName: name, bytes: pdfBytes(`${name} ${uuidv7()}`) });
const readNow = (customerId: string) => baseReadNow(ports, customerId);
const versionOf = async (customerId: string) => (await ports.drafts.read(customerId))?.version;

describe('saving a draft', () => {
  it('moves the version on by one for changed answers, and not for a move between pages', async () => {
    const customerId = newCustomer();
    await saveDraft(ports, customerId, { step: 2, answers }, NEW);
    expect(await versionOf(customerId)).toBe(1);
    await saveDraft(ports, customerId, { step: 3, answers }, await readNow(customerId));
    expect(await versionOf(customerId)).toBe(1);
    const changed = { ...answers, claimDescription: 'Laid off in May' };
    await saveDraft(ports, customerId, { step: 3, answers: changed }, await readNow(customerId));
    expect(await versionOf(customerId)).toBe(2);
  });
});

describe('staging and removing files on a base', () => {
  it('given another tab saved since, when this tab attaches or removes a file of the same draft, then it goes through: files commute', async () => {
    const customerId = newCustomer();
    await saveDraft(ports, customerId, { step: 2, answers }, NEW);
    const old = await readNow(customerId);
    const changed = { ...answers, policyNumber: 'POL-2' };
    await saveDraft(ports, customerId, { step: 2, answers: changed }, old);
    const [staged] = await stageDraftDocuments(
      ports,
      customerId,
      'employer',
      [pdf('employer.pdf')],
      undefined,
      old,
    );
    if (!staged) throw new Error('nothing staged');
    await removeDraftDocument(ports, customerId, staged.id, old);
    expect((await ports.drafts.read(customerId))?.documents).toEqual([]);
  });

  it('given another tab started over, when this tab attaches or removes a file on the old draft, then DraftChangedError and nothing changes', async () => {
    const customerId = newCustomer();
    await saveDraft(ports, customerId, { step: 2, answers }, NEW);
    const old = await readNow(customerId);
    await discardDraft(ports, customerId, old);
    const gone = removeDraftDocument(ports, customerId, uuidv7(), old);
    expect(await refusal(gone)).toBeInstanceOf(DraftChangedError);
    const [theirs] = await stageDraftDocuments(ports, customerId, 'claim', [pdf('claim.pdf')]);
    if (!theirs) throw new Error('nothing staged');
    const objects = await harness.storedObjects();
    const attach = stageDraftDocuments(
      ports,
      customerId,
      'employer',
      [pdf('e.pdf')],
      undefined,
      old,
    );
    expect(await refusal(attach)).toBeInstanceOf(DraftChangedError);
    const remove = removeDraftDocument(ports, customerId, theirs.id, old);
    expect(await refusal(remove)).toBeInstanceOf(DraftChangedError);
    expect((await ports.drafts.read(customerId))?.documents.map((d) => d.id)).toEqual([theirs.id]);
    expect(await harness.storedObjects()).toEqual(objects);
  });

  it('given a tab that saw no draft, when it attaches a file, then it goes through while there is none, and DraftChangedError once there is one', async () => {
    const customerId = newCustomer();
    await stageDraftDocuments(ports, customerId, 'claim', [pdf('claim.pdf')], undefined, NEW);
    const attach = stageDraftDocuments(
      ports,
      customerId,
      'employer',
      [pdf('e.pdf')],
      undefined,
      NEW,
    );
    expect(await refusal(attach)).toBeInstanceOf(DraftChangedError);
    expect((await ports.drafts.read(customerId))?.documents).toHaveLength(1);
  });

  it('removes the file named, not another, and an unknown id of the claimant’s own draft is not found', async () => {
    const customerId = newCustomer();
    const [first, second] = await stageDraftDocuments(ports, customerId, 'supporting', [
      pdf('a.pdf'),
      pdf('b.pdf'),
    ]);
    if (!first || !second) throw new Error('nothing staged');
    await removeDraftDocument(ports, customerId, second.id);
    expect((await ports.drafts.read(customerId))?.documents.map((d) => d.id)).toEqual([first.id]);
    expect(await harness.ports.documents.exists(first.storageKey)).toBe(true);
    await expect(removeDraftDocument(ports, customerId, uuidv7())).rejects.toThrow(
      new NotFoundError('no such staged document'),
    );
  });

  it('refuses an upload of no file on the documents field', async () => {
    const refused = await refusal(stageDraftDocuments(ports, newCustomer(), 'claim', []));
    expect(refused).toBeInstanceOf(ValidationError);
    expect((refused as ValidationError).fieldErrors).toEqual([
      { field: 'documents', code: 'documents.noneSelected' },
    ]);
  });
});

describe('an upload’s Idempotency-Key', () => {
  it('stages each file of a batch under its own id, and the batch sent again names the same ones', async () => {
    const customerId = newCustomer();
    const key = uuidv7();
    const files = [pdf('a.pdf'), pdf('b.pdf')];
    const staged = await stageDraftDocuments(ports, customerId, 'supporting', files, key);
    expect(new Set(staged.map((d) => d.id)).size).toBe(2);
    const again = await stageDraftDocuments(ports, customerId, 'supporting', files, key);
    expect(again).toEqual(staged);
    expect((await ports.drafts.read(customerId))?.documents).toHaveLength(2);
  });

  it('refuses the key sent again with other files, another kind, more files or another order, staging nothing', async () => {
    const customerId = newCustomer();
    const key = uuidv7();
    const files = [pdf('a.pdf'), pdf('b.pdf')];
    await stageDraftDocuments(ports, customerId, 'supporting', files, key);
    const [a, b] = files as [(typeof files)[0], (typeof files)[0]];
    const sent: [Parameters<typeof stageDraftDocuments>[2], (typeof files)[0][]][] = [
      ['supporting', [a, pdf('c.pdf')]],
      ['employer', files],
      ['supporting', [a, b, pdf('c.pdf')]],
      ['supporting', [b, a]],
    ];
    for (const [kind, again] of sent) {
      const attempt = stageDraftDocuments(ports, customerId, kind, again, key);
      expect(await refusal(attempt)).toEqual(
        new IdempotencyKeyReusedError('Idempotency-Key reused for other files'),
      );
    }
    expect((await ports.drafts.read(customerId))?.documents).toHaveLength(2);
  });
});

describe('submitting a draft', () => {
  async function readyDraft(customerId: string) {
    await saveDraft(ports, customerId, { step: 5, answers }, NEW);
    await stageDraftDocuments(ports, customerId, 'employer', [pdf('employer.pdf')]);
    return readNow(customerId);
  }
  const submit = (customerId: string, base: ExpectedDraft) =>
    submitDraft(ports, claimantFor(customerId), contextOf(customerId), base);

  it('given no draft, when a tab that saw none submits, then not found: no draft to submit', async () => {
    await expect(submit(newCustomer(), NEW)).rejects.toThrow(
      new NotFoundError('no draft to submit'),
    );
  });

  it('given another tab started a draft, when a tab that saw none submits, then DraftChangedError', async () => {
    const customerId = newCustomer();
    await readyDraft(customerId);
    expect(await refusal(submit(customerId, NEW))).toBeInstanceOf(DraftChangedError);
  });

  it('given the draft changed since this tab read it, when it submits on the old version, then DraftChangedError and no claim', async () => {
    const customerId = newCustomer();
    const old = await readyDraft(customerId);
    if (old.kind !== 'draft') throw new Error('no draft');
    const changed = { ...answers, claimDescription: 'Laid off in May' };
    await saveDraft(ports, customerId, { step: 5, answers: changed }, old);
    expect(await refusal(submit(customerId, old))).toBeInstanceOf(DraftChangedError);
    expect(await ports.eventStore.readStream(claimStreamId(old.attemptId))).toEqual([]);
  });

  it('given a staged file gone from storage, when submitted, then it fails naming the object, and the draft stays', async () => {
    const customerId = newCustomer();
    const base = await readyDraft(customerId);
    const [staged] = (await ports.drafts.read(customerId))?.documents ?? [];
    if (!staged || base.kind !== 'draft') throw new Error('nothing staged');
    await harness.ports.documents.delete(staged.storageKey);
    await expect(submit(customerId, base)).rejects.toThrow(
      `staged object ${staged.storageKey} is missing`,
    );
    expect(await ports.drafts.read(customerId)).toMatchObject({ attemptId: base.attemptId });
    expect(await ports.eventStore.readStream(claimStreamId(base.attemptId))).toEqual([]);
  });
});

describe('the name a staged file keeps', () => {
  it('is the name as typed in one Unicode form, zero-width characters gone and trimmed', async () => {
    const typed = `  re\u0301sume\u0301\u200B.pdf  `;
    const [staged] = await stageDraftDocuments(ports, newCustomer(), 'supporting', [
      { fileName: typed, bytes: pdfBytes(`typed ${uuidv7()}`) },
    ]);
    expect(staged?.fileName).toBe('résumé.pdf');
  });
});
