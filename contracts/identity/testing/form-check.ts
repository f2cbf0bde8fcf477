import type { GenericSchema } from 'valibot';
import type { z } from 'zod';
import { type FieldError, ValidationError } from '../../errors';
import type { TextFieldSpec } from '../field-checks';
import { checkIdentityForm } from '../identity-forms';
import { parseIdentityRequest } from '../identity-requests';

/** A form as both sides check it: the server's zod schema and the browser's valibot one. */
export interface FormUnderTest {
  readonly server: (now: Date) => z.ZodType;
  readonly browser: (now: Date) => GenericSchema;
  readonly fields: Readonly<Record<string, TextFieldSpec>>;
}

export interface BothSides {
  readonly server: { readonly value?: unknown; readonly errors: readonly FieldError[] };
  readonly browser: { readonly value?: unknown; readonly errors: readonly FieldError[] };
}

/** Runs a body through both schemas. */
export function checkOnBothSides(form: FormUnderTest, body: unknown, now: Date): BothSides {
  let server: BothSides['server'];
  try {
    server = { value: parseIdentityRequest(form.server(now), form.fields, body), errors: [] };
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    server = { errors: error.fieldErrors };
  }
  const checked = checkIdentityForm(form.browser(now), form.fields, body);
  const browser = checked.ok ? { value: checked.value, errors: [] } : { errors: checked.errors };
  return { server, browser };
}
