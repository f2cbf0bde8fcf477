import { describe, expect, it } from 'vitest';
import { announcement, parseAnnouncement } from './announcer';

describe('the NOTIFY payload', () => {
  it('carries the announcing store and its last appended event', () => {
    const position = { commit: 12_345_678_901n, prepare: 77n };
    expect(announcement('ab12', position)).toBe('ab12:12345678901:77');
    expect(parseAnnouncement(announcement('ab12', position))).toEqual({ origin: 'ab12', position });
    expect(parseAnnouncement(announcement('ab12', undefined))).toEqual({ origin: 'ab12' });
  });

  it('takes a payload it cannot read as a bare wake-up (an older portal sends an empty one)', () => {
    for (const payload of ['', 'x:1', 'x:1:', 'x:-1:2', 'x:1:2e3', ':::'])
      expect(parseAnnouncement(payload).position).toBeUndefined();
  });
});
