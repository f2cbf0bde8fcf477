import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type DraftAnswers,
  EMPTY_DRAFT_ANSWERS,
  hasControlCharacter,
  stepOfFields,
} from '@contracts/claims/claim-draft';
import { saveDraftBodySchema } from '@contracts/claims/claim-draft-schema';
import { claimStreamId } from '@contracts/claims/events';
import { DraftChangedError, type ExpectedDraft } from '@contracts/claims/draft-conflicts';
import { NotFoundError, type ValidationError } from '@contracts/errors';
import {
  type DraftPorts,
  discardDraft,
  removeDraftDocument,
  saveDraft,
  stageDraftDocuments,
  submitDraft,
} from './claim-drafts';
import type { ClaimRecord } from './claim';
import { loadClaim } from './load-claim';
import {
  claimantFor,
  customerContext,
  exeBytes,
  type Harness,
  openHarness,
  pdfBytes,
  pngBytes,
  submitRequest,
} from '@tests/support/claims/handler-harness';

let harness: Harness;
let ports: DraftPorts;
beforeAll(async () => {
  harness = await openHarness();
  ports = harness.draftPorts();
});
afterAll(() => harness.close());

const answers: DraftAnswers = {
  ...EMPTY_DRAFT_ANSWERS,
  ...submitRequest,
  claimDescription: 'Laid off in October',
};
const pdf = (name: string) => ({ fileName: name, bytes: pdfBytes(`${name} ${uuidv7()}`) });
const newCustomer = () => `customer-${uuidv7()}`;
const contextOf = (customerId: string) => {
  const { commandId: _id, ...rest } = customerContext(customerId);
  return rest;
};
/** The version a tab that just read the draft would name in If-Match. */
const baseOf = async (customerId: string): Promise<ExpectedDraft> => {
  const draft = await ports.drafts.read(customerId);
  return draft ? { kind: 'draft', attemptId: draft.attemptId, version: draft.version } : NEW;
};
const NEW: ExpectedDraft = { kind: 'new' };
const save = async (customerId: string, body: Parameters<typeof saveDraft>[2]) =>
  saveDraft(ports, customerId, body, await baseOf(customerId));
const submit = async (customerId: string, key?: string) =>
  submitDraft(ports, claimantFor(customerId), contextOf(customerId), await baseOf(customerId), key);
const draftRows = async () =>
  Number(
    (await harness.database.pool.query('select count(*) from claim_draft_documents')).rows[0].count,
  );

describe('claim drafts', () => {
  it('keeps the step and answers, and one attempt id across saves', async () => {
    const customerId = newCustomer();
    expect(await ports.drafts.read(customerId)).toBeUndefined();
    await save(customerId, { step: 2, answers: { ...answers, claimType: '' } });
    const first = await ports.drafts.read(customerId);
    await save(customerId, { step: 3, answers });
    const second = await ports.drafts.read(customerId);
    expect(second).toMatchObject({ step: 3, answers, documents: [] });
    expect(second?.attemptId).toBe(first?.attemptId);
  });

  it('stages checked files under the claimant, in the order chosen', async () => {
    const customerId = newCustomer();
    await stageDraftDocuments(ports, customerId, 'claim', [pdf('claim-form.pdf')]);
    const photo = { fileName: 'receipt.png', bytes: pngBytes('receipt') };
    await stageDraftDocuments(ports, customerId, 'supporting', [pdf('pay-stub.pdf'), photo]);
    const draft = await ports.drafts.read(customerId);
    expect(draft?.documents.map((d) => [d.kind, d.fileName, d.contentType])).toEqual([
      ['claim', 'claim-form.pdf', 'application/pdf'],
      ['supporting', 'pay-stub.pdf', 'application/pdf'],
      ['supporting', 'receipt.png', 'image/png'],
    ]);
    const stored = await harness.ports.documents.get(draft?.documents[2]?.storageKey ?? '');
    expect(stored?.bytes).toEqual(photo.bytes);
    expect(draft?.documents[0]?.storageKey).toMatch(/^drafts\/customer-/);
  });

  it('refuses a disguised file, a sixth file, a second claim form and a repeated name, keeping nothing', async () => {
    const customerId = newCustomer();
    await stageDraftDocuments(ports, customerId, 'claim', [pdf('claim-form.pdf')]);
    const objects = await harness.storedObjects();
    const rows = await draftRows();
    const refused = async (files: Parameters<typeof stageDraftDocuments>[3], kind = 'supporting') =>
      stageDraftDocuments(ports, customerId, kind as 'supporting', files).then(
        () => 'accepted',
        (error: ValidationError) => error.fieldErrors.map((e) => e.code),
      );
    expect(await refused([{ fileName: 'setup.pdf', bytes: exeBytes() }])).toEqual([
      'documents.unsupportedType',
    ]);
    expect(await refused([1, 2, 3, 4, 5].map((n) => pdf(`page-${n}.pdf`)))).toEqual([
      'documents.tooManyInitial',
    ]);
    expect(await refused([pdf('second-claim.pdf')], 'claim')).toEqual(['documents.duplicateKind']);
    expect(await refused([pdf('CLAIM-FORM.pdf')])).toEqual(['documents.duplicateName']);
    expect(await refused([])).toEqual(['documents.noneSelected']);
    expect(await harness.storedObjects()).toEqual(objects);
    expect(await draftRows()).toBe(rows);
  });

  it('removes a staged file and its bytes; another claimant cannot remove it', async () => {
    const customerId = newCustomer();
    const [staged] = await stageDraftDocuments(ports, customerId, 'claim', [pdf('claim.pdf')]);
    const id = staged?.id ?? '';
    await expect(removeDraftDocument(ports, newCustomer(), id)).rejects.toBeInstanceOf(
      NotFoundError,
    );
    expect((await ports.drafts.read(customerId))?.documents).toHaveLength(1);
    await removeDraftDocument(ports, customerId, id);
    expect((await ports.drafts.read(customerId))?.documents).toEqual([]);
    expect(await harness.ports.documents.exists(staged?.storageKey ?? '')).toBe(false);
  });

  it('submits the draft as the claimant own claim with the staged bytes, then forgets it', async () => {
    const customerId = newCustomer();
    await save(customerId, { step: 5, answers });
    const employer = pdf('employer.pdf');
    await stageDraftDocuments(ports, customerId, 'employer', [employer]);
    const draft = await ports.drafts.read(customerId);
    const submitted = await submit(customerId);
    expect(submitted.submissionId).toBe(draft?.attemptId);
    const claim = (await loadClaim(ports.eventStore, submitted.submissionId)) as ClaimRecord;
    expect(claim).toMatchObject({ policyNumber: 'POL-1', claimType: 'Job Loss' });
    expect(claim.claimant.customerId).toBe(customerId);
    const [document] = claim.documents;
    expect((await ports.documents.get(document?.key ?? ''))?.bytes).toEqual(employer.bytes);
    expect(await ports.drafts.read(customerId)).toBeUndefined();
    expect(await ports.documents.exists(draft?.documents[0]?.storageKey ?? '')).toBe(false);
    await expect(submit(customerId)).rejects.toBeInstanceOf(NotFoundError);
  });

  it('a submit sent again with its version and key finds the claim it made (decisions 048, 121)', async () => {
    const customerId = newCustomer();
    await save(customerId, { step: 5, answers });
    await stageDraftDocuments(ports, customerId, 'employer', [pdf('employer.pdf')]);
    const base = await baseOf(customerId);
    const attemptId = base.kind === 'draft' ? base.attemptId : '';
    const claimant = claimantFor(customerId);
    const key = uuidv7();
    const [first, second] = await Promise.all([
      submitDraft(ports, claimant, contextOf(customerId), base, key),
      submitDraft(ports, claimant, contextOf(customerId), base, key),
    ]);
    expect(second).toMatchObject({
      submissionId: attemptId,
      confirmationNumber: first.confirmationNumber,
    });
    const again = await submitDraft(ports, claimant, contextOf(customerId), base, key);
    expect(again).toMatchObject({ submissionId: attemptId, appended: false });
    const events = await ports.eventStore.readStream(claimStreamId(attemptId));
    expect(events.map((e) => e.type)).toEqual(['ClaimSubmitted']);
    // Someone else's claim id is no draft of theirs: a stale base, and no claim is named.
    const stranger = newCustomer();
    const refused = await submitDraft(
      ports,
      claimantFor(stranger),
      contextOf(stranger),
      base,
      key,
    ).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(refused).toBeInstanceOf(DraftChangedError);
  });

  it('an upload sent again with its Idempotency-Key stages its files once', async () => {
    const customerId = newCustomer();
    const key = uuidv7();
    const file = pdf('pay-stub.pdf');
    const [a, b] = await Promise.all([
      stageDraftDocuments(ports, customerId, 'supporting', [file], key),
      stageDraftDocuments(ports, customerId, 'supporting', [file], key),
    ]);
    expect(b.map((d) => d.id)).toEqual(a.map((d) => d.id));
    const draft = await ports.drafts.read(customerId);
    expect(draft?.documents).toHaveLength(1);
    // Without a key (or with another), the same file is a second upload, refused as a repeat.
    await expect(
      stageDraftDocuments(ports, customerId, 'supporting', [file], uuidv7()),
    ).rejects.toThrow();
  });

  it('refuses to submit invalid answers or a missing statement, appending nothing and keeping the draft', async () => {
    const customerId = newCustomer();
    await save(customerId, {
      step: 5,
      answers: { ...answers, policyNumber: 'bad number!', productType: '' },
    });
    const attempt = (await ports.drafts.read(customerId))?.attemptId ?? '';
    const codes = () =>
      submit(customerId).then(
        () => [],
        (error: ValidationError) => error.fieldErrors.map((e) => `${e.field}:${e.code}`),
      );
    expect(await codes()).toEqual([
      'policyNumber:invalidFormat',
      'productType:invalidChoice',
      'documents:documents.statementMissing',
    ]);
    await save(customerId, {
      step: 5,
      answers: { ...answers, claimType: 'Disability' },
    });
    expect(await codes()).toEqual(['documents:documents.statementMissing']);
    expect(await ports.eventStore.readStream(claimStreamId(attempt))).toEqual([]);
    expect(await ports.drafts.read(customerId)).toMatchObject({ step: 5 });
    await save(customerId, {
      step: 5,
      answers: { ...answers, claimType: 'Disability', physicianStatementChecked: true },
    });
    expect(await codes()).toEqual([]);
  });

  it('starts over: the draft and every staged object go', async () => {
    const customerId = newCustomer();
    const staged = await stageDraftDocuments(ports, customerId, 'supporting', [
      pdf('a.pdf'),
      pdf('b.pdf'),
    ]);
    await discardDraft(ports, customerId, await baseOf(customerId));
    expect(await ports.drafts.read(customerId)).toBeUndefined();
    for (const document of staged) {
      expect(await ports.documents.exists(document.storageKey)).toBe(false);
    }
  });

  it('two tabs staging at once cannot pass the limit together', async () => {
    const customerId = newCustomer();
    const threeEach = (tab: string) =>
      stageDraftDocuments(
        ports,
        customerId,
        'supporting',
        [1, 2, 3].map((n) => pdf(`${tab}-${n}.pdf`)),
      ).then(
        () => 'staged',
        () => 'refused',
      );
    const outcomes = await Promise.all([threeEach('left'), threeEach('right')]);
    expect(outcomes.sort()).toEqual(['refused', 'staged']);
    expect((await ports.drafts.read(customerId))?.documents).toHaveLength(3);
  });
});

describe('the draft body', () => {
  const body = (changes: Partial<DraftAnswers>, step = 2) =>
    saveDraftBodySchema.safeParse({ step, answers: { ...answers, ...changes } });

  it('refuses control characters, over-long text and a step outside the wizard', () => {
    expect(body({ policyNumber: 'A\u0000' }).success).toBe(false);
    expect(body({ claimDescription: 'x'.repeat(1001) }).success).toBe(false);
    expect(body({}, 6).success).toBe(false);
    expect(body({}, 0).success).toBe(false);
    expect(body({ claimDescription: 'line one\nline two\ttabbed' }).success).toBe(true);
    expect(hasControlCharacter('bell\u0007')).toBe(true);
    expect(hasControlCharacter('a\u0085b', true)).toBe(true);
  });

  it('names the first step that holds a refused field', () => {
    expect(stepOfFields(['documents', 'claimType'])).toBe(3);
    expect(stepOfFields(['productCode'])).toBe(2);
    expect(stepOfFields([])).toBe(5);
  });
});
