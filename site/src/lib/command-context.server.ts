import type { APIContext } from 'astro';
import type { Actor } from '@contracts/event-store';
import { isIdempotencyKey } from '@contracts/api/idempotency-key';
import { ValidationError } from '@contracts/errors';
import type { CommandContext } from '@services/shared/command-context';
import { newUuidV7 } from '@services/shared/uuid-v7';

export const UUID_V7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** The request's Idempotency-Key (a UUID v7), or undefined when it sent none. */
export function idempotencyKey(request: Request): string | undefined {
  const key = request.headers.get('idempotency-key')?.toLowerCase();
  if (key !== undefined && !isIdempotencyKey(key)) {
    throw new ValidationError([{ field: 'Idempotency-Key', code: 'idempotencyKey' }]);
  }
  return key;
}

/** A client that retries sends the same Idempotency-Key (a UUID v7), so its command appends once. */
export function commandContext(context: APIContext, actor: Actor): CommandContext {
  const key = idempotencyKey(context.request);
  return {
    commandId: key ?? newUuidV7(),
    actor,
    tenant: context.locals.tenant,
    correlationId: context.locals.requestId,
    now: new Date(),
  };
}
