import { describe, expect, it } from 'vitest';
import { type CommandContext, toNewEvents } from './command-context';
import { eventIdsFor } from './event-ids';

const context: CommandContext = {
  commandId: '019a0000-0000-7000-8000-000000000001',
  actor: { kind: 'customer', id: 'customer-1' },
  tenant: 'acme',
  correlationId: 'request-1',
  now: new Date('2026-12-07T10:00:00.000Z'),
};

const events = [
  { type: 'ClaimSubmitted', data: { claimId: 'c-1' } },
  { type: 'DocumentAttached', data: { claimId: 'c-1', name: 'a.pdf' } },
];

describe('a command’s events, stamped with who asked, when and why', () => {
  it('gives each event the command’s ids in order, its moment, actor, tenant and correlation', () => {
    const stored = toNewEvents(events, context, { ClaimSubmitted: 3 });
    const ids = eventIdsFor(context.commandId, 2);
    expect(stored).toEqual([
      {
        type: 'ClaimSubmitted',
        data: { claimId: 'c-1' },
        metadata: {
          eventId: ids[0],
          occurredAt: '2026-12-07T10:00:00.000Z',
          actor: context.actor,
          correlationId: 'request-1',
          causationId: context.commandId,
          tenant: 'acme',
          schemaVersion: 3,
        },
      },
      {
        type: 'DocumentAttached',
        data: { claimId: 'c-1', name: 'a.pdf' },
        metadata: expect.objectContaining({ eventId: ids[1], schemaVersion: 1 }),
      },
    ]);
  });

  it('takes the ids from another seed when asked, and keeps the command as their cause', () => {
    const seed = '019a0000-0000-7000-8000-000000000002';
    const stored = toNewEvents(events, context, {}, seed);
    expect(stored.map(({ metadata }) => metadata.eventId)).toEqual(eventIdsFor(seed, 2));
    expect(stored.every(({ metadata }) => metadata.causationId === context.commandId)).toBe(true);
  });

  it('gives a retried command the same ids', () => {
    const first = toNewEvents(events, context, {});
    const again = toNewEvents(events, { ...context, now: new Date() }, {});
    expect(again.map(({ metadata }) => metadata.eventId)).toEqual(
      first.map(({ metadata }) => metadata.eventId),
    );
  });
});
