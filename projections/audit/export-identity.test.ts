import { describe, expect, it } from 'vitest';
import { claimStreamId } from '@contracts/claims/events';
import { type ExportLabels, findLabelMismatch, formatLabelMismatch } from './export-identity';

const submissionId = 'sub-1';
const event = (index: number, data: unknown = { submissionId }) => ({
  version: index + 1,
  streamRevision: String(index),
  eventId: `event-${index}`,
  data,
  metadata: { eventId: `event-${index}` },
});
const file = (events = [event(0), event(1)]): ExportLabels => ({
  submissionId,
  streamId: claimStreamId(submissionId),
  events,
});

describe('the labels of an export, checked against its hashed events', () => {
  it('finds nothing wrong in a file whose labels agree, whatever data its events carry', () => {
    expect(findLabelMismatch(file())).toBeUndefined();
    const odd = [null, 'text', 7, {}, { submissionId: 42 }].map((data, i) => event(i, data));
    expect(findLabelMismatch(file(odd))).toBeUndefined();
  });

  it('names the file itself when its stream is not the claim’s', () => {
    const mismatch = findLabelMismatch({ ...file(), streamId: 'claim-other' });
    expect(mismatch).toEqual({
      entry: 0,
      field: 'streamId',
      found: 'claim-other',
      expected: claimStreamId(submissionId),
    });
    expect(formatLabelMismatch(mismatch as never)).toBe(
      [
        'FAILED: the export does not describe its own events (streamId)',
        '  where:    the file',
        '  found:    claim-other',
        `  expected: ${claimStreamId(submissionId)}`,
      ].join('\n'),
    );
  });

  it('names the entry whose version, event id or submission is not its own', () => {
    const wrongVersion = file([event(0), { ...event(1), version: 5 }]);
    expect(findLabelMismatch(wrongVersion)).toEqual({
      entry: 2,
      field: 'version',
      found: '5',
      expected: '2',
    });
    const wrongId = file([{ ...event(0), eventId: 'forged' }]);
    expect(findLabelMismatch(wrongId)).toEqual({
      entry: 1,
      field: 'eventId',
      found: 'forged',
      expected: 'event-0',
    });
    const otherClaim = file([event(0), event(1, { submissionId: 'sub-2' })]);
    const mismatch = findLabelMismatch(otherClaim);
    expect(mismatch).toEqual({
      entry: 2,
      field: 'data.submissionId',
      found: 'sub-2',
      expected: submissionId,
    });
    expect(formatLabelMismatch(mismatch as never).split('\n')[1]).toBe(
      "  where:    entry 2 of the file's events",
    );
  });
});
