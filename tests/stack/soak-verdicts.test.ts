import { describe, expect, it } from 'vitest';
import type { DeliveryChecks } from '../../scripts/stack/soak-checks';
import type { RequestRecord } from '../../scripts/stack/soak-traffic';
import { explain, type Fault, pastDeadline, verdicts } from '../../scripts/stack/soak-verdicts';

const T = 1_000_000;
const faults: Fault[] = [
  { name: 'portal killed', target: 'portal-2', at: T + 45_000, back: T + 60_000 },
  { name: 'Postgres restarted', target: 'postgres', at: T + 225_000, back: T + 229_000 },
];
const DEADLINE = 10_000;
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
  kafka: {
    expected: 1,
    messages: 1,
    repeatsOnTopic: 0,
    repeated: [],
    lost: 0,
    handledTwice: 0,
    notHandled: 0,
  },
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
    expect(verdicts(caughtUp, failed, [request(1, 2, 201)], clean, DEADLINE)).toEqual([]);
  });

  it('fails on an unexplained failure, a 4xx, a slow catch-up and a delivery problem', () => {
    const failed = [explain(request(100_000, 100_100, 502), line('portal-1', 502), faults)];
    const slow = [
      { ...faults[0], catchUp: { projectionsMs: 5_001, relayMs: 10 } } as Fault,
      { ...faults[1], back: undefined, catchUp: { projectionsMs: 10, relayMs: 10 } } as Fault,
    ];
    const problems = verdicts(
      slow,
      failed,
      [request(1, 2, 400)],
      { ...clean, problems: ['1 mails received twice'] },
      DEADLINE,
    );
    expect(problems).toEqual([
      '1 failed requests not in flight at a fault',
      '1 requests refused (4xx)',
      'projections caught up 5001 ms after: portal killed',
      'postgres did not come back after: Postgres restarted',
      '1 mails received twice',
    ]);
  });
});

describe('the soak’s freezes (decision 135)', () => {
  const frozen: Fault[] = [
    ...faults,
    {
      name: 'relay leader frozen',
      target: 'portal-3',
      at: T + 100_000,
      back: T + 130_000,
      frozen: true,
      relayWithinMs: 10_000,
    },
    {
      name: 'Postgres frozen',
      target: 'postgres',
      at: T + 200_000,
      back: T + 215_000,
      frozen: true,
    },
  ];

  it('explains haproxy’s 504 for a request sent to the frozen portal, and nothing else there', () => {
    expect(explain(request(101_000, 111_500, 504), line('portal-3', 504), frozen).explanation).toBe(
      'sent to portal-3 while it was frozen',
    );
    expect(explain(request(101_000, 111_500, 504), line('portal-1', 504), frozen).explanation).toBe(
      'unexplained',
    );
    expect(explain(request(140_000, 140_100, 504), line('portal-3', 504), frozen).explanation).toBe(
      'unexplained',
    );
  });

  it('explains a portal’s 503 during either Postgres fault, the freeze by its name', () => {
    expect(explain(request(205_000, 215_000, 503), line('portal-1', 503), frozen).explanation).toBe(
      'Postgres frozen: 503 SERVICE_UNAVAILABLE',
    );
    expect(explain(request(205_000, 215_500, 504), line('portal-1', 504), frozen).explanation).toBe(
      "Postgres frozen: 504 from haproxy at the portal's deadline",
    );
    expect(explain(request(150_000, 150_100, 504), line('portal-1', 504), frozen).explanation).toBe(
      'unexplained',
    );
    expect(explain(request(226_000, 226_100, 503), line('portal-1', 503), frozen).explanation).toBe(
      'Postgres down: 503 SERVICE_UNAVAILABLE',
    );
  });

  it('fails on a request answered past its deadline + 1 s, and on a relay slow after its leader froze', () => {
    const records = [request(0, DEADLINE + 1_000, 503), request(0, DEADLINE + 1_001, 504)];
    expect(pastDeadline(records, DEADLINE)).toEqual([records[1]]);
    const slowRelay = frozen.map((f) =>
      f.frozen && f.target === 'portal-3'
        ? { ...f, catchUp: { projectionsMs: 100, relayMs: 10_001 } }
        : { ...f, catchUp: { projectionsMs: 100, relayMs: 100 } },
    );
    expect(verdicts(slowRelay, [], records, clean, DEADLINE)).toEqual([
      '1 requests answered past their deadline + 1 s (11000 ms; the slowest took 11001 ms)',
      'the relay caught up 10001 ms after: relay leader frozen',
    ]);
    // No deadline configured: nothing is late.
    expect(pastDeadline(records, 0)).toEqual([]);
  });
});
