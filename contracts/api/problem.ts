import { z } from 'zod';
import { ERROR_CODES } from '../errors';

/** application/problem+json as every endpoint answers an error. */
export const problemSchema = z.object({
  type: z.string(),
  title: z.string(),
  status: z.number().int(),
  code: z.enum(ERROR_CODES),
  requestId: z.string(),
  errors: z
    .array(
      z.object({
        field: z.string(),
        code: z.string(),
        params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
      }),
    )
    .optional(),
});
