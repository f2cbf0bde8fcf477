import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConflictError } from '@contracts/errors';
import { addAdditionalDocuments } from './add-additional-documents';
import { ClaimChangedError, eventsOfCommand, readClaimStream } from './claim-stream';
import {
  claimantFor,
  customerContext,
  type Harness,
  openHarness,
  pdfBytes,
  submittedWithForm,
} from '@tests/support/claims/handler-harness';

let harness: Harness;
beforeAll(async () => {
  harness = await openHarness();
});
afterAll(() => harness.close());

describe('a claim stream as read', () => {
  it('holds none of the events a command appended after the read, though later reads share its index', async () => {
    const submissionId = await submittedWithForm(harness.ports, 'olga');
    const earlier = await readClaimStream(harness.ports.eventStore, submissionId);
    const adding = customerContext('olga');
    await addAdditionalDocuments(
      harness.ports,
      { submissionId, files: [{ fileName: 'more.pdf', bytes: pdfBytes(uuidv7()) }] },
      claimantFor('olga'),
      adding,
    );
    expect(eventsOfCommand(earlier, adding.commandId)).toEqual([]);
    const later = await readClaimStream(harness.ports.eventStore, submissionId);
    expect(eventsOfCommand(later, adding.commandId).map((event) => event.type)).toEqual([
      'AdditionalDocumentsAdded',
    ]);
  });

  it('names the conflict of a lost append race as such', () => {
    const error = new ClaimChangedError();
    expect(error).toBeInstanceOf(ConflictError);
    expect(error.name).toBe('ClaimChangedError');
  });
});
