import { describe, expect, it } from 'vitest';
import { upcastClaimEvent } from '@contracts/claims/events';
import type { RecordedEvent } from '@contracts/event-store';
import { type Claim, evolveClaim, initialClaim } from '@services/claims/claim';
import { customerFor, generateClaim, randomFrom } from './claim-generator';

function fold(
  streamEvents: readonly { type: string; data: unknown; metadata: RecordedEvent['metadata'] }[],
): Claim {
  return streamEvents
    .map((event, revision) =>
      upcastClaimEvent({
        ...event,
        streamId: 's',
        streamRevision: BigInt(revision),
        position: { commit: 0n, prepare: 0n },
        hash: '',
      }),
    )
    .reduce(evolveClaim, initialClaim());
}

describe('claim generator', () => {
  const random = randomFrom(7);
  const claims = Array.from({ length: 300 }, (_, i) =>
    generateClaim(i, customerFor(i % 40), random, Date.parse('2026-11-01')),
  );

  it('writes claims the domain folds, in every status, with a reserved number when one is set', () => {
    const statuses = new Set<string>();
    for (const { streams } of claims) {
      const [claimStream, reservation] = streams;
      const claim = fold(claimStream?.events ?? []);
      if (claim.status === 'NotSubmitted') throw new Error('not submitted');
      statuses.add(claim.status);
      if (claim.claimNumber) {
        expect(claim.claimNumber).toMatch(/^[A-Z0-9]{1,8}$/);
        expect(reservation?.streamId).toBe(`claim-number-${claim.claimNumber}`);
      }
    }
    expect([...statuses].sort()).toEqual([
      'Approved',
      'Denied',
      'In Progress',
      'Pending',
      'Submitted',
    ]);
  });

  it('averages several events per claim and spreads claims over many customers', () => {
    const events = claims.flatMap((c) => c.streams.flatMap((s) => s.events));
    expect(events.length / claims.length).toBeGreaterThan(2.5);
    const customerOf = (claim: (typeof claims)[number]) =>
      (claim.streams[0]?.events[0]?.data as { claimant?: { customerId: string } } | undefined)
        ?.claimant?.customerId;
    const customers = new Set(claims.map(customerOf));
    expect(customers.size).toBe(40);
  });
});
