import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canonicalJson } from './event-hash';

/** The definition canonicalJson must keep: every stored hash was made from this text. */
function plainCanonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(plainCanonicalJson).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${plainCanonicalJson(v)}`).join(',')}}`;
}

describe('canonicalJson', () => {
  it('equals the plain definition on any JSON-like value', () => {
    const anything = fc.letrec((tie) => ({
      value: fc.oneof(
        { depthSize: 'small' },
        fc.constant(null),
        fc.constant(undefined),
        fc.boolean(),
        fc.double(),
        fc.integer(),
        fc.string({ unit: 'binary' }),
        fc.date({ noInvalidDate: true }),
        fc.array(tie('value'), { maxLength: 5 }),
        fc.sparseArray(tie('value'), { maxLength: 5 }),
        fc.dictionary(fc.string({ unit: 'binary', maxLength: 4 }), tie('value'), { maxKeys: 6 }),
      ),
    })).value;
    fc.assert(
      fc.property(anything, (value) => {
        expect(canonicalJson(value)).toBe(plainCanonicalJson(value));
      }),
      { numRuns: 2_000 },
    );
  });

  it('sorts keys by UTF-16 code units at every depth and leaves out undefined members', () => {
    const value = { b: [3, { z: 1, y: undefined, '😀': 2, é: 0 }], a: 'x', 10: 1, 9: 2 };
    expect(canonicalJson(value)).toBe('{"10":1,"9":2,"a":"x","b":[3,{"z":1,"é":0,"😀":2}]}');
  });
});
