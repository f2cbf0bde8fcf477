import { type ExpectedDraft, parseDraftEtag } from '@contracts/claims/draft-conflicts';
import { PreconditionRequiredError, ValidationError } from '@contracts/errors';

/**
 * The draft version a write is based on, from If-Match (decision 121). Missing (or `*`) is a
 * 428 as for staff writes (claim-version.server.ts); anything but one draft ETag is a 400.
 */
export function readDraftIfMatch(request: Request): ExpectedDraft {
  const expected = optionalDraftIfMatch(request);
  if (!expected)
    throw new PreconditionRequiredError('If-Match with the draft version read is required');
  return expected;
}

/** The same, for the document writes, which name their draft when the client sends one. */
export function optionalDraftIfMatch(request: Request): ExpectedDraft | undefined {
  const header = request.headers.get('if-match')?.trim();
  if (header === undefined || header === '' || header === '*') return undefined;
  const expected = parseDraftEtag(header);
  if (!expected) throw new ValidationError([{ field: 'If-Match', code: 'invalidFormat' }]);
  return expected;
}
