import { describe, it } from 'vitest';
import type { AddAdditionalDocuments } from '@contracts/claims/commands';
import type { DocumentRef, InspectedFile } from '@contracts/claims/documents';
import type { AdditionalDocumentsAdded } from '@contracts/claims/events';
import { NotFoundError, ValidationError } from '@contracts/errors';
import { deciderSpecification } from '@tests/support/decider-specification';
import { evolveClaim, initialClaim } from './claim';
import { decideClaim } from './decide-claim';
import {
  CUSTOMER_ID,
  claimSubmitted,
  documentRef,
  inspected,
  KB,
  MB,
  now,
  SUBMISSION_ID,
  withFieldError,
} from '@tests/support/claims/claim-fixtures';

const spec = deciderSpecification(
  { initialState: initialClaim, decide: decideClaim, evolve: evolveClaim },
  { now },
);

const addDocuments = (
  documents: readonly InspectedFile[],
  customerId = CUSTOMER_ID,
): AddAdditionalDocuments => ({
  type: 'AddAdditionalDocuments',
  data: { submissionId: SUBMISSION_ID, customerId, documents },
});

const added = (documents: readonly DocumentRef[]): AdditionalDocumentsAdded => ({
  type: 'AdditionalDocumentsAdded',
  data: { submissionId: SUBMISSION_ID, documents, addedAt: now.toISOString() },
});

const files = (count: number, prefix: string, size = 100 * KB) =>
  Array.from({ length: count }, (_, index) => inspected(`${prefix}-${index}.pdf`, size));

const initialRefs = (count: number) =>
  files(count, 'initial').map((file) => documentRef(file, 'supporting'));

describe('AddAdditionalDocuments', () => {
  const submitted = claimSubmitted([documentRef(inspected('claim-form.pdf'), 'claim')]);

  it('adds the batch as additional documents', () => {
    const batch = [inspected('roe.pdf'), inspected('photo.jpg', 200 * KB, 'image/jpeg')];
    spec
      .given([submitted])
      .when(addDocuments(batch))
      .then([added(batch.map((file) => documentRef(file, 'additional')))]);
  });

  it("answers not found for another customer's claim", () => {
    spec
      .given([submitted])
      .when(addDocuments([inspected('a.pdf')], 'someone-else'))
      .thenThrows(NotFoundError);
  });

  it('answers not found for a claim that does not exist', () => {
    spec
      .given([])
      .when(addDocuments([inspected('a.pdf')]))
      .thenThrows(NotFoundError);
  });

  it('asks for files when the batch is empty', () => {
    const error = { field: 'documents', code: 'documents.noneSelected' };
    spec
      .given([submitted])
      .when(addDocuments([]))
      .thenThrows(ValidationError, withFieldError(error, 'Please select files to upload'));
    spec
      .given([submitted])
      .when(addDocuments([]))
      .thenThrows(
        ValidationError,
        withFieldError(error, 'Veuillez sélectionner les fichiers à téléverser', 'fr'),
      );
  });

  it('refuses a file whose bytes are not an accepted type', () => {
    spec
      .given([submitted])
      .when(addDocuments([{ ...inspected('virus.png'), contentType: undefined }]))
      .thenThrows(
        ValidationError,
        withFieldError(
          { field: 'documents', code: 'documents.unsupportedType', params: { name: 'virus.png' } },
          'File "virus.png" is not a supported file type. Only PDF, JPG, and PNG files are allowed.',
        ),
      );
  });

  it('refuses a name already submitted with the claim', () => {
    const error = {
      field: 'documents',
      code: 'documents.duplicateName',
      params: { name: 'Claim-Form.pdf' },
    };
    spec
      .given([submitted])
      .when(addDocuments([inspected('Claim-Form.pdf')]))
      .thenThrows(
        ValidationError,
        withFieldError(
          error,
          'This file already exists: "Claim-Form.pdf". Please rename it or choose another file.',
        ),
      );
    spec
      .given([submitted])
      .when(addDocuments([inspected('Claim-Form.pdf')]))
      .thenThrows(
        ValidationError,
        withFieldError(
          error,
          'Ce fichier existe déjà : « Claim-Form.pdf ». Veuillez le renommer ou choisir un autre fichier.',
          'fr',
        ),
      );
  });

  it('refuses a name already added earlier, and a name twice in the same batch', () => {
    const earlier = added([documentRef(inspected('roe.pdf'), 'additional')]);
    spec
      .given([submitted, earlier])
      .when(addDocuments([inspected('roe.pdf')]))
      .thenThrows(
        ValidationError,
        withFieldError(
          { field: 'documents', code: 'documents.duplicateName', params: { name: 'roe.pdf' } },
          'This file already exists: "roe.pdf". Please rename it or choose another file.',
        ),
      );
    spec
      .given([submitted])
      .when(addDocuments([inspected('note.pdf'), inspected('note.pdf')]))
      .thenThrows(
        ValidationError,
        withFieldError(
          { field: 'documents', code: 'documents.duplicateName', params: { name: 'note.pdf' } },
          'This file already exists: "note.pdf". Please rename it or choose another file.',
        ),
      );
  });

  it('accepts up to 10 additional documents, then refuses the eleventh', () => {
    const eight = added(files(8, 'earlier').map((file) => documentRef(file, 'additional')));
    const two = files(2, 'now');
    spec
      .given([submitted, eight])
      .when(addDocuments(two))
      .then([added(two.map((f) => documentRef(f, 'additional')))]);
    const error = {
      field: 'documents',
      code: 'documents.tooManyAdditional',
      params: { max: 10, remaining: 2 },
    };
    spec
      .given([submitted, eight])
      .when(addDocuments(files(3, 'now')))
      .thenThrows(
        ValidationError,
        withFieldError(
          error,
          'A claim can have at most 10 additional documents. You can still add 2.',
        ),
      );
    spec
      .given([submitted, eight])
      .when(addDocuments(files(3, 'now')))
      .thenThrows(
        ValidationError,
        withFieldError(
          error,
          'Une réclamation peut compter au plus 10 documents supplémentaires. Vous pouvez encore en ajouter 2.',
          'fr',
        ),
      );
  });

  it('refuses a batch over 4 MB', () => {
    const error = { field: 'documents', code: 'documents.batchTooLarge', params: { maxMb: 4 } };
    const batch = [inspected('a.pdf', 3 * MB), inspected('b.pdf', MB + 1)];
    spec
      .given([submitted])
      .when(addDocuments(batch))
      .thenThrows(
        ValidationError,
        withFieldError(error, 'The files you upload at one time cannot exceed 4 MB in total.'),
      );
    spec
      .given([submitted])
      .when(addDocuments(batch))
      .thenThrows(
        ValidationError,
        withFieldError(
          error,
          'La taille totale des fichiers téléversés en une fois ne peut pas dépasser 4 Mo.',
          'fr',
        ),
      );
  });

  it('refuses additional documents over 16 MB in all', () => {
    const sixteenMb = [1, 2, 3, 4].map((batch) =>
      added(files(1, `batch${batch}`, 4 * MB).map((file) => documentRef(file, 'additional'))),
    );
    const error = {
      field: 'documents',
      code: 'documents.additionalTotalTooLarge',
      params: { maxMb: 16 },
    };
    spec
      .given([submitted, ...sixteenMb])
      .when(addDocuments([inspected('one-more.pdf', 1)]))
      .thenThrows(
        ValidationError,
        withFieldError(error, 'The additional documents of a claim cannot exceed 16 MB in total.'),
      );
    spec
      .given([submitted, ...sixteenMb])
      .when(addDocuments([inspected('one-more.pdf', 1)]))
      .thenThrows(
        ValidationError,
        withFieldError(
          error,
          'La taille totale des documents supplémentaires d’une réclamation ne peut pas dépasser 16 Mo.',
          'fr',
        ),
      );
  });

  it('sends the customer to the claims team past 15 documents in all', () => {
    const full = [
      claimSubmitted(initialRefs(5)),
      added(files(10, 'extra').map((file) => documentRef(file, 'additional'))),
    ];
    const error = { field: 'documents', code: 'documents.claimLimitReached', params: { max: 15 } };
    spec
      .given(full)
      .when(addDocuments([inspected('sixteenth.pdf')]))
      .thenThrows(
        ValidationError,
        withFieldError(
          error,
          'This claim cannot hold more than 15 documents. To send more, please contact the claims team.',
        ),
      );
    spec
      .given(full)
      .when(addDocuments([inspected('sixteenth.pdf')]))
      .thenThrows(
        ValidationError,
        withFieldError(
          error,
          'Cette réclamation ne peut pas compter plus de 15 documents. Pour en transmettre d’autres, veuillez communiquer avec l’équipe des réclamations.',
          'fr',
        ),
      );
  });
});
