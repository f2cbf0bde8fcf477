import type { APIContext } from 'astro';
import { type FieldError, NotFoundError, ValidationError } from '@contracts/errors';

/** C0 controls and DEL, but tab, line feed and carriage return, which typed text may hold. */
const CONTROL_IN_TEXT = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;
/** In a URL nothing below a space belongs, not even a tab or a line break. */
const CONTROL_IN_URL = /[\u0000-\u001F\u007F]/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const invalidCharacters = (field: string): FieldError => ({ field, code: 'invalidCharacters' });

/** Every string of a parsed JSON body holding a control character, by its field path. */
export function controlCharacterErrors(value: unknown, path: readonly string[] = []): FieldError[] {
  if (typeof value === 'string') {
    return CONTROL_IN_TEXT.test(value) ? [invalidCharacters(path.join('.'))] : [];
  }
  if (Array.isArray(value)) {
    return value.flatMap((item, index) => controlCharacterErrors(item, [...path, String(index)]));
  }
  if (value !== null && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, item]) => [
      ...(CONTROL_IN_TEXT.test(key) ? [invalidCharacters([...path, key].join('.'))] : []),
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
    if (CONTROL_IN_URL.test(value) || CONTROL_IN_URL.test(name))
      errors.push(invalidCharacters(name));
  }
  for (const [name, value] of Object.entries(context.params)) {
    if (value !== undefined && CONTROL_IN_URL.test(value)) errors.push(invalidCharacters(name));
  }
  if (errors.length > 0) throw new ValidationError(errors);
  const { submissionId } = context.params;
  if (submissionId !== undefined && !UUID.test(submissionId)) {
    throw new NotFoundError('no claim has this id');
  }
}
