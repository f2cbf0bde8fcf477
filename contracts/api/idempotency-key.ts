/**
 * The Idempotency-Key rule (a UUID v7, lower or upper case), shared by the route that checks
 * it and the OpenAPI document that describes it, so the two cannot disagree.
 */
export const IDEMPOTENCY_KEY_PATTERN =
  '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-7[0-9a-fA-F]{3}-[89abAB][0-9a-fA-F]{3}-[0-9a-fA-F]{12}$';

export const isIdempotencyKey = (key: string): boolean =>
  new RegExp(IDEMPOTENCY_KEY_PATTERN).test(key);
