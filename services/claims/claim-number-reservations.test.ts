import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventStore, ExpectedRevision } from '@contracts/event-store';
import { reserveClaimNumber } from './claim-number-reservations';
import { type Harness, openHarness, staffContext } from '@tests/support/claims/handler-harness';

let harness: Harness;
beforeAll(async () => {
  harness = await openHarness();
});
afterAll(() => harness.close());

describe('reserving a claim number', () => {
  it('appends the first reservation of a number to a stream it expects not to exist', async () => {
    const store = harness.ports.eventStore;
    const expected: ExpectedRevision[] = [];
    // The store itself, noting what each append expects: every adapter must read 'no_stream'.
    const noting: EventStore = {
      ...store,
      append(streamId, events, options) {
        expected.push(options.expectedRevision);
        return store.append(streamId, events, options);
      },
    };
    const number = `R${uuidv7().replace(/-/g, '').slice(-7)}`.toUpperCase();
    expect(await reserveClaimNumber(noting, number, uuidv7(), staffContext())).toBe(true);
    expect(expected).toEqual(['no_stream']);
  });
});
