import { describe, expect, it } from 'vitest';
import { claimEtag, claimVersionOfEtag } from './claim-etag';

describe('claim ETag', () => {
  it.each([0, 1, 7, 42, 999_999_999_999_999])('round-trips version %i', (version) => {
    expect(claimVersionOfEtag(claimEtag(version))).toBe(version);
  });

  it('is the version quoted, as decision 048 sets it', () => {
    expect(claimEtag(12)).toBe('"12"');
  });

  it('reads a weak ETag as the same version', () => {
    expect(claimVersionOfEtag(`W/${claimEtag(5)}`)).toBe(5);
  });

  it.each(['', '*', '5', '"5', '"-1"', '"1.5"', '"abc"', '"1","2"', '"1234567890123456"'])(
    'names no version in %j',
    (etag) => {
      expect(claimVersionOfEtag(etag)).toBeUndefined();
    },
  );
});
