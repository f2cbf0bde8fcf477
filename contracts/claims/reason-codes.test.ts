import { describe, expect, it } from 'vitest';
import {
  describeAdditionalReason,
  encodeAdditionalReason,
  parseAdditionalReason,
  reasonWordings,
} from './reasons';

/** Issue 48: the stored reason form read and written at its edges. */
describe('stored additional reasons', () => {
  it('stores no codes as the empty string, whatever the selection', () => {
    expect(encodeAdditionalReason([], 'multiple')).toBe('');
    expect(encodeAdditionalReason([], 'single')).toBe('');
    expect(encodeAdditionalReason(['a'], 'none')).toBe('');
  });

  it('reads the codes after the prefix, skipping empty ones', () => {
    expect(parseAdditionalReason('Array:a,b')).toEqual(['a', 'b']);
    expect(parseAdditionalReason('Array:a,,b,')).toEqual(['a', 'b']);
    expect(parseAdditionalReason('Array:')).toEqual([]);
    expect(parseAdditionalReason('single')).toEqual(['single']);
  });

  it('shows an unknown code as it is, and a known one in the language asked for', () => {
    const [code, english] = Object.entries(reasonWordings('en'))[0]!;
    expect(describeAdditionalReason(`Array:${code},no-such-code`, 'en')).toEqual([
      english,
      'no-such-code',
    ]);
    expect(reasonWordings('fr')[code]).not.toBe(english);
  });
});
