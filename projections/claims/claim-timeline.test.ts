import { describe, expect, it } from 'vitest';
import { claimTimeline } from './claim-timeline';

const at = (day: number) => `2026-11-${String(day).padStart(2, '0')}T15:00:00.000Z`;

describe('claimTimeline', () => {
  it('has no timeline without a version', () => {
    expect(claimTimeline([])).toBeUndefined();
  });

  it('shows a new claim submitted, not yet in review nor decided', () => {
    expect(claimTimeline([{ status: 'Submitted', at: at(1) }])).toEqual({
      submittedAt: at(1),
      inReviewAt: null,
      decidedAt: null,
      decision: null,
    });
  });

  it('dates review from the first status past Submitted, and the decision from its version', () => {
    const timeline = claimTimeline([
      { status: 'Submitted', at: at(1) },
      { status: 'Submitted', at: at(2) },
      { status: 'In Progress', at: at(3) },
      { status: 'Pending', at: at(4) },
      { status: 'Approved', at: at(5) },
      { status: 'Approved', at: at(6) },
    ]);
    expect(timeline).toEqual({
      submittedAt: at(1),
      inReviewAt: at(3),
      decidedAt: at(5),
      decision: 'Approved',
    });
  });

  it('counts a straight decision as reviewed then, and a reopened decision as none', () => {
    expect(
      claimTimeline([
        { status: 'Submitted', at: at(1) },
        { status: 'Denied', at: at(2) },
      ]),
    ).toMatchObject({ inReviewAt: at(2), decidedAt: at(2), decision: 'Denied' });
    expect(
      claimTimeline([
        { status: 'Submitted', at: at(1) },
        { status: 'Denied', at: at(2) },
        { status: 'In Progress', at: at(3) },
      ]),
    ).toMatchObject({ inReviewAt: at(2), decidedAt: null, decision: null });
  });

  it('reads a missing or unknown status as Pending, which is in review', () => {
    expect(
      claimTimeline([
        { status: 'Submitted', at: at(1) },
        { status: '', at: at(2) },
      ]),
    ).toMatchObject({ inReviewAt: at(2), decision: null });
  });
});
