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

/**
 * The deepest nesting of arrays and objects in JSON text, counted on the raw characters (no
 * recursion, no parse), stopping as soon as it passes `limit`.
 */
export function jsonDepthOver(text: string, limit = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (inString) {
      // A backslash escapes the next character (a quote among them).
      if (code === 0x5c) index += 1;
      else if (code === 0x22) inString = false;
    } else if (code === 0x22) {
      inString = true;
    } else if (code === 0x5b || code === 0x7b) {
      depth += 1;
      if (depth > limit) return true;
    } else if (code === 0x5d || code === 0x7d) {
      depth -= 1;
    }
  }
  return false;
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
