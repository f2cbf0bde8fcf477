import { describe, expect, it } from 'vitest';
import { DocumentIntegrityError, DocumentNotRenderableError } from './claims/document-integrity';
import {
  ConflictError,
  ForbiddenError,
  IdempotencyKeyReusedError,
  NotFoundError,
  PreconditionRequiredError,
  PayloadTooLargeError,
  StaffSessionEndedError,
  StaffSessionUnconfirmedError,
  StaleVersionError,
  UnauthenticatedError,
  UnsupportedMediaTypeError,
  ValidationError,
} from './errors';

describe('domain errors', () => {
  it('a validation error names each field and code in its message, and keeps them', () => {
    const fieldErrors = [
      { field: 'policyNumber', code: 'required' },
      { field: 'claimType', code: 'invalidChoice' },
    ];
    const error = new ValidationError(fieldErrors);
    expect(error.message).toBe(
      'Invalid fields: policyNumber (required), claimType (invalidChoice)',
    );
    expect(error).toMatchObject({
      code: 'VALIDATION_FAILED',
      name: 'ValidationError',
      fieldErrors,
    });
  });

  it('a conflict has no field errors unless given; a stale version carries what changed', () => {
    expect(new ConflictError('taken').fieldErrors).toEqual([]);
    expect(new PayloadTooLargeError('big')).toMatchObject({
      code: 'PAYLOAD_TOO_LARGE',
      fieldErrors: [],
    });
    expect(new ForbiddenError('no').code).toBe('FORBIDDEN');
    const changes = [{ field: 'status', from: 'Pending', to: 'Approved', by: 'a', at: 't' }];
    const stale = new StaleVersionError('stale', 4, changes);
    expect(stale).toBeInstanceOf(ConflictError);
    expect(stale).toMatchObject({
      code: 'CONFLICT',
      name: 'StaleVersionError',
      currentVersion: 4,
      changes,
    });
  });

  it('each carries the code its problem answer is chosen by', () => {
    expect(new NotFoundError('gone').code).toBe('NOT_FOUND');
    expect(new UnauthenticatedError('who').code).toBe('UNAUTHENTICATED');
    expect(new PreconditionRequiredError('if-match').code).toBe('PRECONDITION_REQUIRED');
    expect(new UnsupportedMediaTypeError('xml').code).toBe('UNSUPPORTED_MEDIA_TYPE');
    expect(new IdempotencyKeyReusedError('again').code).toBe('IDEMPOTENCY_KEY_REUSED');
  });

  it('an ended or unconfirmed staff session names the session field', () => {
    expect(new StaffSessionEndedError().fieldErrors).toEqual([
      { field: 'session', code: 'staffSessionEnded' },
    ]);
    expect(new StaffSessionUnconfirmedError()).toMatchObject({
      code: 'SERVICE_UNAVAILABLE',
      fieldErrors: [{ field: 'session', code: 'identityProviderUnavailable' }],
    });
  });

  it('a document whose bytes do not match is a 409 naming the claim, document and copy', () => {
    const refused = {
      submissionId: 's-1',
      documentId: 'd-1',
      fileName: 'form.pdf',
      kind: 'claim' as const,
      copy: 'rendition' as const,
      key: 'k',
      expectedSha256: 'a',
      foundSha256: 'b',
    };
    const error = new DocumentIntegrityError(refused);
    expect(error).toMatchObject({
      code: 'CONFLICT',
      name: 'DocumentIntegrityError',
      refused,
      message: 'Document d-1 of claim s-1: stored rendition does not match its sha256',
      fieldErrors: [{ field: 'document', code: 'documents.integrityFailed' }],
    });
    expect(new DocumentNotRenderableError('d-2')).toMatchObject({
      code: 'CONFLICT',
      name: 'DocumentNotRenderableError',
      message: 'Document d-2: no rendition could be drawn',
      fieldErrors: [{ field: 'document', code: 'documents.cannotBeShown' }],
    });
  });
});
