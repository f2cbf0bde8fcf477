/**
 * What the API accepts as text, as regular expressions shared by the edge that checks every
 * request and the OpenAPI document that describes it, so the two cannot disagree. Nowhere: C0
 * controls but tab and line breaks, DEL, bidirectional controls (shown to staff they make
 * `fdp.exe` read as `exe.pdf`) and lone surrogates (jsonb refuses them). In a URL, no tab or line
 * break either; but a query value may carry whitespace around it (handlers trim it: a tab-only
 * search asks for a value), so what `String.prototype.trim` removes is allowed there, and only
 * there. Lone surrogates are checked apart: a surrogate range in a pattern is refused by the
 * regex engines that read JSON Schema (Rust's among them), and no UTF-8 text can hold one.
 */
const CONTROLS = '\\u0000-\\u0008\\u000b\\u000c\\u000e-\\u001f\\u007f';
const BREAKS = '\\t\\n\\r';
/** Bidirectional controls, as a character-class fragment for patterns of stricter fields. */
export const BIDI_CONTROLS = '\\u061c\\u200e\\u200f\\u202a-\\u202e\\u2066-\\u2069';
const BIDI = BIDI_CONTROLS;
const REFUSED_IN_URL = `${CONTROLS}${BREAKS}${BIDI}`;
/** ECMAScript's WhiteSpace and LineTerminator: exactly what `trim()` removes. */
const TRIMMED =
  '\\t\\n\\u000b\\f\\r \\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000\\ufeff';

/** A string in a JSON body (and an object key): typed text may hold a tab or a line break. */
export const BODY_TEXT_PATTERN = `^[^${CONTROLS}${BIDI}]*$`;

/** A path parameter or a query name. */
export const URL_TEXT_PATTERN = `^[^${REFUSED_IN_URL}]*$`;

/** A query value: once trimmed, URL text; around it, any whitespace. */
export const QUERY_VALUE_PATTERN = `^[${TRIMMED}]*(?:[^${REFUSED_IN_URL}${TRIMMED}](?:[^${REFUSED_IN_URL}]*[^${REFUSED_IN_URL}${TRIMMED}])?)?[${TRIMMED}]*$`;

const BODY_TEXT = new RegExp(BODY_TEXT_PATTERN, 'u');
const URL_TEXT = new RegExp(URL_TEXT_PATTERN, 'u');
const QUERY_VALUE = new RegExp(QUERY_VALUE_PATTERN, 'u');
/** With the u flag a surrogate pair is one code point, so only a lone half matches. */
const LONE_SURROGATE = /[\ud800-\udfff]/u;

const whole = (text: string) => !LONE_SURROGATE.test(text);
export const acceptableBodyText = (text: string): boolean => BODY_TEXT.test(text) && whole(text);
export const acceptableUrlText = (text: string): boolean => URL_TEXT.test(text) && whole(text);
export const acceptableQueryValue = (text: string): boolean =>
  QUERY_VALUE.test(text) && whole(text);
