import { claimVersionOfEtag } from '@contracts/api/claim-etag';
import { PreconditionRequiredError, ValidationError } from '@contracts/errors';

/**
 * The version a write is based on, from If-Match. Missing (or `*`, which names no version)
 * is a 428, so no client can skip the check; anything but one quoted version is a 400.
 */
export function readIfMatch(request: Request): number {
  const header = request.headers.get('if-match')?.trim();
  if (header === undefined || header === '' || header === '*') {
    throw new PreconditionRequiredError('If-Match with the version read is required');
  }
  const version = claimVersionOfEtag(header);
  if (version === undefined) {
    throw new ValidationError([{ field: 'If-Match', code: 'invalidFormat' }]);
  }
  return version;
}
