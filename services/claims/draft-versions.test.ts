import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DraftChangedError,
  DraftSubmittedError,
  type ExpectedDraft,
} from '@contracts/claims/draft-conflicts';
import {
  type DraftPorts,
  discardDraft,
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

// Decision 121 through the service: what a tab whose read is stale is told.

let harness: Harness;
let ports: DraftPorts;
beforeAll(async () => {
  harness = await openHarness();
  ports = harness.draftPorts();
});
afterAll(() => harness.close());

const readNow = (customerId: string) => baseReadNow(ports, customerId);
const submit = (customerId: string, base: ExpectedDraft, key?: string) =>
  submitDraft(ports, claimantFor(customerId), contextOf(customerId), base, key);

/** A draft ready to submit, and the base a tab holding it names. */
async function readyDraft(customerId: string) {
  await saveDraft(ports, customerId, { step: 5, answers }, NEW);
  const file = { fileName: 'employer.pdf', bytes: pdfBytes(`employer ${uuidv7()}`) };
  await stageDraftDocuments(ports, customerId, 'employer', [file]);
  return readNow(customerId);
}

describe('a draft write on a stale base', () => {
  it('given another tab saved since, when this tab saves, then DraftChangedError names each changed field with its value then and now, and the other tab’s answers stay', async () => {
    const customerId = newCustomer();
    await saveDraft(ports, customerId, { step: 2, answers }, NEW);
    const stale = await readNow(customerId);
    const other = { ...answers, policyNumber: 'POL-2', claimDescription: 'Laid off in May' };
    await saveDraft(ports, customerId, { step: 3, answers: other }, stale);
    const mine = { ...answers, claimType: 'Disability' };
    const refused = await refusal(saveDraft(ports, customerId, { step: 3, answers: mine }, stale));
    expect(refused).toBeInstanceOf(DraftChangedError);
    const { changes, draft } = refused as DraftChangedError;
    expect(changes).toEqual([
      { field: 'policyNumber', from: 'POL-1', to: 'POL-2' },
      { field: 'claimDescription', from: 'Laid off', to: 'Laid off in May' },
    ]);
    expect(draft.answers).toEqual(other);
    expect((await ports.drafts.read(customerId))?.answers).toEqual(other);
  });

  it('given a draft exists, when a tab that saw none saves, then DraftChangedError from the empty answers to the draft’s', async () => {
    const customerId = newCustomer();
    await saveDraft(ports, customerId, { step: 2, answers }, NEW);
    const refused = await refusal(saveDraft(ports, customerId, { step: 2, answers }, NEW));
    expect(refused).toBeInstanceOf(DraftChangedError);
    expect((refused as DraftChangedError).changes).toContainEqual({
      field: 'policyNumber',
      from: '',
      to: 'POL-1',
    });
  });

  it('given a version no longer kept, when a tab saves on it, then the changes are counted from what it sent', async () => {
    const customerId = newCustomer();
    await saveDraft(ports, customerId, { step: 2, answers }, NEW);
    const current = await readNow(customerId);
    if (current.kind !== 'draft') throw new Error('no draft');
    const unknown: ExpectedDraft = { ...current, version: current.version + 50 };
    const sent = { ...answers, policyNumber: 'POL-9' };
    const refused = await refusal(
      saveDraft(ports, customerId, { step: 2, answers: sent }, unknown),
    );
    expect((refused as DraftChangedError).changes).toEqual([
      { field: 'policyNumber', from: 'POL-9', to: 'POL-1' },
    ]);
  });

  it('given the draft was submitted, when a stale save or submit names it, then DraftSubmittedError with the claim it became', async () => {
    const customerId = newCustomer();
    const base = await readyDraft(customerId);
    const claim = await submit(customerId, base, 'key-1');
    const saved = await refusal(saveDraft(ports, customerId, { step: 5, answers }, base));
    const again = await refusal(submit(customerId, base, 'another key'));
    const keyless = await refusal(submit(customerId, base));
    for (const refused of [saved, again, keyless]) {
      expect(refused).toBeInstanceOf(DraftSubmittedError);
      expect(refused).toMatchObject({
        submissionId: claim.submissionId,
        confirmationNumber: claim.confirmationNumber,
      });
    }
  });

  it('given the draft was submitted, when its key comes again naming another version, then DraftSubmittedError, not the claim', async () => {
    const customerId = newCustomer();
    const base = await readyDraft(customerId);
    if (base.kind !== 'draft') throw new Error('no draft');
    const claim = await submit(customerId, base, 'key-2');
    const replay = await submit(customerId, base, 'key-2');
    expect(replay).toEqual({
      submissionId: claim.submissionId,
      confirmationNumber: claim.confirmationNumber,
      position: claim.position,
      appended: false,
    });
    const older = await refusal(
      submit(customerId, { ...base, version: base.version - 1 }, 'key-2'),
    );
    expect(older).toBeInstanceOf(DraftSubmittedError);
  });

  it('given another tab attached a file since, when this tab saves, then DraftChangedError names the files then and now', async () => {
    const customerId = newCustomer();
    await saveDraft(ports, customerId, { step: 2, answers }, NEW);
    const stale = await readNow(customerId);
    const file = { fileName: 'employer.pdf', bytes: pdfBytes(`employer ${uuidv7()}`) };
    await stageDraftDocuments(ports, customerId, 'employer', [file]);
    const refused = await refusal(saveDraft(ports, customerId, { step: 3, answers }, stale));
    expect(refused).toBeInstanceOf(DraftChangedError);
    expect((refused as DraftChangedError).changes).toEqual([
      { field: 'documents', from: [], to: ['employer.pdf'] },
    ]);
  });

  it('given another tab started over and saved a new draft to the same version, when this tab saves on the old one, then DraftChangedError and the new draft stays', async () => {
    const customerId = newCustomer();
    await saveDraft(ports, customerId, { step: 2, answers }, NEW);
    const old = await readNow(customerId);
    await discardDraft(ports, customerId, old);
    const theirs = { ...answers, policyNumber: 'POL-NEW' };
    await saveDraft(ports, customerId, { step: 2, answers: theirs }, NEW);
    const now = await readNow(customerId);
    if (old.kind !== 'draft' || now.kind !== 'draft') throw new Error('no draft');
    expect(now.version).toBe(old.version);
    const mine = { ...answers, claimDescription: 'Laid off in June' };
    const refused = await refusal(saveDraft(ports, customerId, { step: 3, answers: mine }, old));
    expect(refused).toBeInstanceOf(DraftChangedError);
    expect((await ports.drafts.read(customerId))?.answers).toEqual(theirs);
  });

  it('given another tab started over, when this tab starts over on what it read, then DraftChangedError; with no draft and none seen, nothing to refuse', async () => {
    const customerId = newCustomer();
    await saveDraft(ports, customerId, { step: 2, answers }, NEW);
    const read = await readNow(customerId);
    await discardDraft(ports, customerId, read);
    const refused = await refusal(discardDraft(ports, customerId, read));
    expect(refused).toBeInstanceOf(DraftChangedError);
    await expect(discardDraft(ports, customerId, NEW)).resolves.toBeUndefined();
    expect(await ports.drafts.read(customerId)).toBeUndefined();
  });

  it('given a draft submitted with no Idempotency-Key, when the same submit comes again with none, then DraftSubmittedError, not the claim', async () => {
    const customerId = newCustomer();
    const base = await readyDraft(customerId);
    const claim = await submit(customerId, base);
    const again = await refusal(submit(customerId, base));
    expect(again).toBeInstanceOf(DraftSubmittedError);
    expect(again).toMatchObject({ submissionId: claim.submissionId });
  });
});
