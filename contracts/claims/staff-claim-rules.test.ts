import { describe, expect, it } from 'vitest';
import { claimMessage } from './messages';
import { dateTypingError } from './staff-claim-rules';

describe('dateTypingError', () => {
  it('tolerates partial input while typing and refuses other characters', () => {
    expect(dateTypingError('2026-0', { leaving: false })).toBeUndefined();
    expect(dateTypingError('2026/01', { leaving: false })).toBe('date.format');
    expect(claimMessage('date.format')).toBe('Please enter date in format YYYY-MM-DD');
  });

  it('asks for a complete date when leaving the field', () => {
    expect(dateTypingError('2026-0', { leaving: true })).toBe('date.incomplete');
    expect(claimMessage('date.incomplete')).toBe(
      'Please enter a complete date in format YYYY-MM-DD',
    );
    expect(dateTypingError('2026-01-15', { leaving: true })).toBeUndefined();
  });
});
