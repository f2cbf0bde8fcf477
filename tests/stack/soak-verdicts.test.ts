import { describe, expect, it } from 'vitest';
import type { DeliveryChecks } from '../../scripts/stack/soak-checks';
import type { RequestRecord } from '../../scripts/stack/soak-traffic';
import { explain, type Fault, verdicts } from '../../scripts/stack/soak-verdicts';

const T = 1_000_000;
const faults: Fault[] = [
  { name: 'portal killed', target: 'portal-2', at: T + 45_000, back: T + 60_000 },
  { name: 'Postgres restarted', target: 'postgres', at: T + 225_000, back: T + 229_000 },
];
const request = (startedAt: number, endedAt: number, status: number): RequestRecord => ({
  id: `r-${startedAt}`,
  method: 'POST',
  path: '/api/claims',
  startedAt: T + startedAt,
  endedAt: T + endedAt,
  status,
});
const line = (server: string, status: number) => ({
  requestId: 'r',
  server,
  status,
  termination: 'SH--',
  retries: 0,
});
const clean: DeliveryChecks = {
  kafka: { expected: 1, messages: 1, repeatsOnTopic: 0, lost: 0, handledTwice: 0, notHandled: 0 },
  mail: {
    received: 1,
    expectedNotifications: 1,
    duplicates: 0,
    lost: 0,
    queued: 0,
    deadLetters: 0,
    repeated: [],
  },
  problems: [],
};

describe('the soak’s account of a failed request', () => {
  it('is in flight at the killed portal only when that portal had it across the kill', () => {
    expect(explain(request(44_000, 45_500, 502), line('portal-2', 502), faults).explanation).toBe(
      'in flight at portal-2 when it was killed',
    );
    // Another portal's 502 at the same moment is not the kill's.
    expect(explain(request(44_000, 45_500, 502), line('portal-1', 502), faults).explanation).toBe(
      'unexplained',
    );
    // Begun after the kill: haproxy should have sent it elsewhere.
    expect(explain(request(46_000, 47_000, 502), line('portal-2', 502), faults).explanation).toBe(
      'unexplained',
    );
    expect(explain(request(44_000, 45_100, 0), undefined, faults).explanation).toMatch(
      /^in flight when portal-2 was killed/,
    );
  });

  it('is the Postgres outage only for a portal’s 503 while it was down (1 s of slack)', () => {
    expect(explain(request(226_000, 226_100, 503), line('portal-1', 503), faults).explanation).toBe(
      'Postgres down: 503 SERVICE_UNAVAILABLE',
    );
    expect(explain(request(231_000, 231_100, 503), line('portal-1', 503), faults).explanation).toBe(
      'unexplained',
    );
    // haproxy's own 503 (no portal up) is not the database's doing.
    expect(explain(request(226_000, 226_100, 503), line('<NOSRV>', 503), faults).explanation).toBe(
      'unexplained',
    );
    expect(explain(request(226_000, 226_100, 500), line('portal-1', 500), faults).explanation).toBe(
      'unexplained',
    );
  });
});

describe('the soak’s verdict', () => {
  const caughtUp = faults.map((f) => ({ ...f, catchUp: { projectionsMs: 800, relayMs: 900 } }));

  it('passes when every failure is explained, nothing was refused and projections kept up', () => {
    const failed = [explain(request(226_000, 226_100, 503), line('portal-1', 503), faults)];
    expect(verdicts(caughtUp, failed, [request(1, 2, 201)], clean)).toEqual([]);
  });

  it('fails on an unexplained failure, a 4xx, a slow catch-up and a delivery problem', () => {
    const failed = [explain(request(100_000, 100_100, 502), line('portal-1', 502), faults)];
    const slow = [
      { ...faults[0], catchUp: { projectionsMs: 5_001, relayMs: 10 } } as Fault,
      { ...faults[1], back: undefined, catchUp: { projectionsMs: 10, relayMs: 10 } } as Fault,
    ];
    const problems = verdicts(slow, failed, [request(1, 2, 400)], {
      ...clean,
      problems: ['1 mails received twice'],
    });
    expect(problems).toEqual([
      '1 failed requests not in flight at a fault',
      '1 requests refused (4xx)',
      'projections caught up 5001 ms after: portal killed',
      'postgres did not come back after: Postgres restarted',
      '1 mails received twice',
    ]);
  });
});
