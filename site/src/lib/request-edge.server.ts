import type { APIContext } from 'astro';
import {
  acceptableBodyText,
  acceptableQueryValue,
  acceptableUrlText,
} from '@contracts/accepted-text';
import { type FieldError, NotFoundError, ValidationError } from '@contracts/errors';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const invalidCharacters = (field: string): FieldError => ({ field, code: 'invalidCharacters' });

/** Text Postgres can store and shows as it reads; tab and line breaks only where typed. */
export const acceptableText = (text: string, lineBreaksAllowed = true): boolean =>
  lineBreaksAllowed ? acceptableBodyText(text) : acceptableUrlText(text);

/** Deeper than any body of the API (a claim with documents is 4 levels). */
const MAX_JSON_DEPTH = 32;

/** What changes the depth outside a string, and the quote that opens one. */
const STRUCTURE = /["[\]{}]/g;

/**
 * The deepest nesting of arrays and objects in JSON text, counted on the raw characters (no
 * recursion, no parse), stopping as soon as it passes `limit`. It jumps from one structural
 * character to the next and over each string with native searches: walked a character at a
 * time, a 4 MB upload's base64 held the event loop for tens of milliseconds (issue 45).
 */
export function jsonDepthOver(text: string, limit = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  let backslash = text.indexOf('\\');
  STRUCTURE.lastIndex = 0;
  for (let found = STRUCTURE.exec(text); found; found = STRUCTURE.exec(text)) {
    const char = found[0];
    if (char === '"') {
      const end = stringEnd(text, found.index + 1, backslash);
      if (end.at < 0) return false;
      backslash = end.backslash;
      STRUCTURE.lastIndex = end.at;
    } else if (char === '[' || char === '{') {
      depth += 1;
      if (depth > limit) return true;
    } else {
      depth -= 1;
    }
  }
  return false;
}

/**
 * Where the string opened just before `from` ends (past its closing quote; -1 when it never
 * does), and the next backslash from there: a backslash escapes the character after it.
 */
function stringEnd(text: string, from: number, nextBackslash: number) {
  let at = from;
  let backslash = nextBackslash;
  for (;;) {
    const quote = text.indexOf('"', at);
    if (quote < 0) return { at: -1, backslash };
    if (backslash >= 0 && backslash < at) backslash = text.indexOf('\\', at);
    if (backslash < 0 || backslash > quote) return { at: quote + 1, backslash };
    at = backslash + 2;
  }
}

/** A field path kept as links to the parent, so a deep walk copies nothing. */
interface PathLink {
  readonly key: string;
  readonly parent: PathLink | undefined;
}

function pathOf(link: PathLink | undefined): string {
  const keys: string[] = [];
  for (let at = link; at !== undefined; at = at.parent) keys.push(at.key);
  return keys.reverse().join('.');
}

/**
 * Every string (and key) of a parsed JSON body that holds a control character, a lone
 * surrogate or a bidirectional control, by its field path. Walks with its own stack, so no
 * depth of nesting can overflow the call stack.
 */
export function unacceptableTextErrors(value: unknown): FieldError[] {
  const errors: FieldError[] = [];
  const pending: Array<{ value: unknown; path: PathLink | undefined; badKey?: true }> = [
    { value, path: undefined },
  ];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    const { value: item, path } = next;
    if (next.badKey) {
      errors.push(invalidCharacters(pathOf(path)));
    } else if (typeof item === 'string') {
      if (!acceptableText(item)) errors.push(invalidCharacters(pathOf(path)));
    } else if (Array.isArray(item)) {
      for (let index = item.length - 1; index >= 0; index -= 1) {
        pending.push({ value: item[index], path: { key: String(index), parent: path } });
      }
    } else if (item !== null && typeof item === 'object') {
      for (const [key, child] of Object.entries(item).reverse()) {
        const link = { key, parent: path };
        pending.push({ value: child, path: link });
        if (!acceptableText(key)) pending.push({ value: undefined, path: link, badKey: true });
      }
    }
  }
  return errors;
}

/**
 * What every API request passes before its handler: no control character in the query or the
 * path, and a claim id that is a UUID (anything else names no claim: 404, never a database error).
 */
export function checkRequestEdge(context: Pick<APIContext, 'params' | 'request'>): void {
  const errors: FieldError[] = [];
  for (const [name, value] of new URL(context.request.url).searchParams) {
    // Handlers trim their values: a typed tab around one (or alone) is a blank, not an attack.
    if (!acceptableQueryValue(value) || !acceptableUrlText(name))
      errors.push(invalidCharacters(name));
  }
  for (const [name, value] of Object.entries(context.params)) {
    if (value !== undefined && !acceptableUrlText(value)) errors.push(invalidCharacters(name));
  }
  if (errors.length > 0) throw new ValidationError(errors);
  const { submissionId } = context.params;
  if (submissionId !== undefined && !UUID.test(submissionId)) {
    throw new NotFoundError('no claim has this id');
  }
}
