import type { APIContext } from 'astro';
import { type FieldError, NotFoundError, ValidationError } from '@contracts/errors';

const TAB = 0x09;
const LINE_FEED = 0x0a;
const CARRIAGE_RETURN = 0x0d;

/**
 * C0 controls (below U+0020) and DEL. Typed text may hold a tab or a line break; a URL holds
 * none of them.
 */
function hasControlCharacter(text: string, lineBreaksAllowed: boolean): boolean {
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (code === 0x7f) return true;
    if (code >= 0x20) continue;
    if (lineBreaksAllowed && (code === TAB || code === LINE_FEED || code === CARRIAGE_RETURN))
      continue;
    return true;
  }
  return false;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const invalidCharacters = (field: string): FieldError => ({ field, code: 'invalidCharacters' });

/**
 * Explicit bidirectional formatting (embeddings, overrides, isolates and the marks): no
 * field of the portal needs them, and shown to staff they make `fdp.exe` read as `exe.pdf`.
 */
const BIDI_CONTROL = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/;
/** With the u flag a paired surrogate is one code point, so only a lone half matches. */
const LONE_SURROGATE = /[\ud800-\udfff]/u;

/** Text Postgres can store (no lone surrogate: jsonb refuses it) and shows as it reads. */
export function acceptableText(text: string, lineBreaksAllowed = true): boolean {
  return (
    !hasControlCharacter(text, lineBreaksAllowed) &&
    !LONE_SURROGATE.test(text) &&
    !BIDI_CONTROL.test(text)
  );
}

const acceptableUrlText = (text: string) => acceptableText(text, false);

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
    if (!acceptableUrlText(value.trim()) || !acceptableUrlText(name))
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
