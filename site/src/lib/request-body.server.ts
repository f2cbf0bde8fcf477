import type { z } from 'zod';
import {
  PayloadTooLargeError,
  UnsupportedMediaTypeError,
  ValidationError,
  type FieldError,
} from '@contracts/errors';
import { jsonDepthOver, unacceptableTextErrors } from './request-edge.server';

/**
 * Reads a JSON body of at most `maxBytes`, refusing a larger one from its Content-Length
 * or, when that is absent or lies, as soon as the stream passes the limit.
 */
export async function readJsonBody(request: Request, maxBytes: number): Promise<unknown> {
  const type = request.headers.get('content-type') ?? '';
  if (!type.toLowerCase().startsWith('application/json'))
    throw new UnsupportedMediaTypeError('expected application/json');
  const declared = Number(request.headers.get('content-length') ?? '0');
  if (declared > maxBytes) throw new PayloadTooLargeError(`body over ${maxBytes} bytes`);
  const reader = request.body?.getReader();
  if (!reader) throw new ValidationError([{ field: '', code: 'required' }]);
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      throw new PayloadTooLargeError(`body over ${maxBytes} bytes`);
    }
    chunks.push(value);
  }
  const text = Buffer.concat(chunks).toString('utf8');
  // Counted on the text before anything walks it: a 4 KB body can nest 2,000 deep.
  if (jsonDepthOver(text)) throw new ValidationError([{ field: '', code: 'tooDeep' }]);
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new ValidationError([{ field: '', code: 'invalidJson' }]);
  }
  const refused = unacceptableTextErrors(body);
  if (refused.length > 0) throw new ValidationError(refused);
  return body;
}

/** Parses with a zod schema whose issue messages are field error codes. */
export function parseWith<S extends z.ZodType>(schema: S, value: unknown): z.infer<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  // One error per field, the first rule it broke, as the form shows it.
  const errors = new Map<string, FieldError>();
  for (const issue of result.error.issues) {
    const field = issue.path.join('.');
    if (errors.has(field)) continue;
    errors.set(field, {
      field,
      code: issue.message,
      ...(issue.code === 'too_big' ? { params: { max: Number(issue.maximum) } } : {}),
    });
  }
  throw new ValidationError([...errors.values()]);
}
