import { describe, expect, it } from 'vitest';
import { copyValue } from './copy-rows';

describe('COPY text values', () => {
  it('writes null as \\N, booleans as t/f, objects as JSON, and escapes what COPY reads specially', () => {
    expect(copyValue(null)).toBe('\\N');
    expect(copyValue(undefined)).toBe('\\N');
    expect(copyValue(true)).toBe('t');
    expect(copyValue(false)).toBe('f');
    expect(copyValue(12.5)).toBe('12.5');
    expect(copyValue('tab\there\nnew\rline \\N')).toBe('tab\\there\\nnew\\rline \\\\N');
    expect(copyValue({ fileName: 'a"b\\c.pdf' })).toBe('{"fileName":"a\\\\"b\\\\\\\\c.pdf"}');
  });
});
