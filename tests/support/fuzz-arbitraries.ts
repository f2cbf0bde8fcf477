import fc from 'fast-check';

/** The fuzzers' inputs, shared by the in-process and the HTTP suites. */

/** Text that breaks things: control characters, SQL and path fragments, long and odd Unicode. */
export const nastyText = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constantFrom(
    '\u0000',
    'a\u0000b',
    "' or '1'='1",
    '../../etc/passwd',
    '%00',
    '\uD800',
    '😀'.repeat(30),
    'x'.repeat(5_000),
    '-1',
    '1e309',
    'NaN',
    'null',
    '2026-02-30',
    '018f3a10-0000-7000-8000-00000000dead',
  ),
);
export const anyValue: fc.Arbitrary<unknown> = fc.oneof(
  nastyText,
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(nastyText, { maxLength: 3 }),
  fc.dictionary(nastyText, nastyText, { maxKeys: 3 }),
);
/** A body that looks like the endpoint's own, with any field replaced by anything. */
export const bodyLike = (fields: readonly string[]) =>
  fc.dictionary(fc.oneof(fc.constantFrom(...fields), nastyText), anyValue, { maxKeys: 8 });
export const queryLike = (keys: readonly string[]) =>
  fc.dictionary(fc.oneof(fc.constantFrom(...keys), nastyText), nastyText, { maxKeys: 6 });
export const claimId = fc.oneof(nastyText, fc.uuid());
