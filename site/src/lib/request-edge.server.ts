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
const controlInText = (text: string) => hasControlCharacter(text, true);
const controlInUrl = (text: string) => hasControlCharacter(text, false);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const invalidCharacters = (field: string): FieldError => ({ field, code: 'invalidCharacters' });

/** Every string of a parsed JSON body holding a control character, by its field path. */
export function controlCharacterErrors(value: unknown, path: readonly string[] = []): FieldError[] {
  if (typeof value === 'string') {
    return controlInText(value) ? [invalidCharacters(path.join('.'))] : [];
  }
  if (Array.isArray(value)) {
    return value.flatMap((item, index) => controlCharacterErrors(item, [...path, String(index)]));
  }
  if (value !== null && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, item]) => [
      ...(controlInText(key) ? [invalidCharacters([...path, key].join('.'))] : []),
      ...controlCharacterErrors(item, [...path, key]),
    ]);
  }
  return [];
}

/**
 * What every API request passes before its handler: no control character in the query or the
 * path, and a claim id that is a UUID (anything else names no claim: 404, never a database error).
 */
export function checkRequestEdge(context: Pick<APIContext, 'params' | 'request'>): void {
  const errors: FieldError[] = [];
  for (const [name, value] of new URL(context.request.url).searchParams) {
    if (controlInUrl(value) || controlInUrl(name)) errors.push(invalidCharacters(name));
  }
  for (const [name, value] of Object.entries(context.params)) {
    if (value !== undefined && controlInUrl(value)) errors.push(invalidCharacters(name));
  }
  if (errors.length > 0) throw new ValidationError(errors);
  const { submissionId } = context.params;
  if (submissionId !== undefined && !UUID.test(submissionId)) {
    throw new NotFoundError('no claim has this id');
  }
}
