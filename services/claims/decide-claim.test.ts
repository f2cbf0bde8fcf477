import { describe, it } from 'vitest';
import type { SubmitClaim } from '@contracts/claims/commands';
import type { InitialDocument } from '@contracts/claims/document-rules';
import { claimObjectKey } from '@contracts/claims/documents';
import { ConflictError, ValidationError } from '@contracts/errors';
import { deciderSpecification } from '@tests/support/decider-specification';
import { evolveClaim, initialClaim } from './claim';
import { decideClaim } from './decide-claim';
import {
  claimSubmitted,
  documentRef,
  initialDocument,
  inspected,
  MB,
  now,
  SUBMISSION_ID,
  withFieldError,
} from '@tests/support/claims/claim-fixtures';

const spec = deciderSpecification(
  { initialState: initialClaim, decide: decideClaim, evolve: evolveClaim },
  { now },
);

const submitClaim = (documents?: readonly InitialDocument[]): SubmitClaim => ({
  type: 'SubmitClaim',
  data: {
    submissionId: SUBMISSION_ID,
    confirmationNumber: 'ABCDE-FGHJK',
    policyNumber: 'POL-1234',
    productCode: '210',
    productType: 'Mortgage',
    claimType: 'Job Loss',
    claimDescription: 'Laid off in October',
    claimant: {
      customerId: 'customer-1',
      email: 'Marie.Tremblay@Example.com',
      firstName: 'Marie',
      lastName: 'Tremblay',
      dateOfBirth: '1980-04-02',
    },
    ...(documents ? { documents } : {}),
  },
});

const submittedNow = (documents = claimSubmitted().data.documents) => {
  const event = claimSubmitted(documents);
  return { ...event, data: { ...event.data, submittedAt: now.toISOString() } };
};

describe('SubmitClaim', () => {
  it('records the submission with names as typed, the email lower-cased, the fixed organisation and the clock time', () => {
    spec.given([]).when(submitClaim()).then([submittedNow()]);
  });

  it('refuses a second submission on the same claim', () => {
    spec.given([claimSubmitted()]).when(submitClaim()).thenThrows(ConflictError);
  });

  it('records each document with its kind, size, hash, type by content and content-addressed key', () => {
    const claimForm = initialDocument('claim', 'claim-form.pdf');
    const photo = {
      ...initialDocument('supporting', 'receipt.png'),
      contentType: 'image/png' as const,
    };
    spec
      .given([])
      .when(submitClaim([claimForm, photo]))
      .then([submittedNow([documentRef(claimForm, 'claim'), documentRef(photo, 'supporting')])]);
  });

  it('given a document with its safe copy, then the document is recorded with that rendition, keyed beside it', () => {
    const rendition = {
      sha256: 'c'.repeat(64),
      size: 3000,
      contentType: 'application/pdf' as const,
    };
    const scan = { ...initialDocument('claim', 'scan.pdf'), rendition };
    spec
      .given([])
      .when(submitClaim([scan]))
      .then([
        submittedNow([
          {
            ...documentRef(scan, 'claim'),
            rendition: { ...rendition, key: claimObjectKey(SUBMISSION_ID, rendition.sha256) },
          },
        ]),
      ]);
  });

  it('accepts exactly 5 documents of 4 MB in all', () => {
    const five = [
      initialDocument('claim', 'a.pdf', MB),
      initialDocument('employer', 'b.pdf', MB),
      initialDocument('physician', 'c.pdf', MB),
      initialDocument('supporting', 'd.pdf', MB / 2),
      initialDocument('supporting', 'e.pdf', MB / 2),
    ];
    spec
      .given([])
      .when(submitClaim(five))
      .then([submittedNow(five.map((file) => documentRef(file, file.kind)))]);
  });

  it('refuses a sixth document', () => {
    const six = ['a', 'b', 'c', 'd', 'e', 'f'].map((name) =>
      initialDocument('supporting', `${name}.pdf`),
    );
    const error = { field: 'documents', code: 'documents.tooManyInitial', params: { max: 5 } };
    spec
      .given([])
      .when(submitClaim(six))
      .thenThrows(
        ValidationError,
        withFieldError(error, 'You can attach at most 5 documents to a claim.'),
      );
    spec
      .given([])
      .when(submitClaim(six))
      .thenThrows(
        ValidationError,
        withFieldError(error, 'Vous pouvez joindre au plus 5 documents à une réclamation.', 'fr'),
      );
  });

  it('refuses documents over 4 MB in all', () => {
    const files = [
      initialDocument('claim', 'a.pdf', 2 * MB),
      initialDocument('supporting', 'b.pdf', 2 * MB + 1),
    ];
    const error = {
      field: 'documents',
      code: 'documents.initialTotalTooLarge',
      params: { maxMb: 4 },
    };
    spec
      .given([])
      .when(submitClaim(files))
      .thenThrows(
        ValidationError,
        withFieldError(error, 'The documents attached to a claim cannot exceed 4 MB in total.'),
      );
    spec
      .given([])
      .when(submitClaim(files))
      .thenThrows(
        ValidationError,
        withFieldError(
          error,
          'La taille totale des documents joints à une réclamation ne peut pas dépasser 4 Mo.',
          'fr',
        ),
      );
  });

  it('refuses a file whose bytes are no PDF, JPEG or PNG, whatever its name says', () => {
    const renamedExecutable = { ...initialDocument('claim', 'setup.pdf'), contentType: undefined };
    const error = {
      field: 'documents',
      code: 'documents.unsupportedType',
      params: { name: 'setup.pdf' },
    };
    spec
      .given([])
      .when(submitClaim([renamedExecutable]))
      .thenThrows(
        ValidationError,
        withFieldError(
          error,
          'File "setup.pdf" is not a supported file type. Only PDF, JPG, and PNG files are allowed.',
        ),
      );
    spec
      .given([])
      .when(submitClaim([renamedExecutable]))
      .thenThrows(
        ValidationError,
        withFieldError(
          error,
          'Le fichier « setup.pdf » n’est pas d’un type accepté. Seuls les fichiers PDF, JPG et PNG sont acceptés.',
          'fr',
        ),
      );
  });

  it('refuses a file whose name does not match what its bytes are', () => {
    const pngNamedPdf = {
      ...initialDocument('claim', 'scan.pdf'),
      contentType: 'image/png' as const,
    };
    spec
      .given([])
      .when(submitClaim([pngNamedPdf]))
      .thenThrows(
        ValidationError,
        withFieldError(
          { field: 'documents', code: 'documents.unsupportedType', params: { name: 'scan.pdf' } },
          'File "scan.pdf" is not a supported file type. Only PDF, JPG, and PNG files are allowed.',
        ),
      );
  });

  it('refuses two documents of the same name', () => {
    const files = [
      initialDocument('claim', 'scan.pdf'),
      { ...inspected('SCAN.pdf'), kind: 'supporting' as const },
    ];
    spec
      .given([])
      .when(submitClaim(files))
      .thenThrows(
        ValidationError,
        withFieldError(
          { field: 'documents', code: 'documents.duplicateName', params: { name: 'SCAN.pdf' } },
          'This file already exists: "SCAN.pdf". Please rename it or choose another file.',
        ),
      );
  });

  it('refuses two claim forms', () => {
    const files = [initialDocument('claim', 'one.pdf'), initialDocument('claim', 'two.pdf')];
    const error = {
      field: 'documents',
      code: 'documents.duplicateKind',
      params: { kind: 'claim' },
    };
    spec
      .given([])
      .when(submitClaim(files))
      .thenThrows(ValidationError, withFieldError(error, 'Please attach only one claim form.'));
    spec
      .given([])
      .when(submitClaim(files))
      .thenThrows(
        ValidationError,
        withFieldError(
          error,
          'Veuillez joindre un seul document : formulaire de réclamation.',
          'fr',
        ),
      );
  });
});
