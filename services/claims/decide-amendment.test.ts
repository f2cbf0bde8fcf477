import { describe, it } from 'vitest';
import { CLAIM_STATUSES } from '@contracts/claims/catalogue';
import type { AmendClaim, StaffClaimEdit } from '@contracts/claims/commands';
import { claimObjectKey, type InspectedFile } from '@contracts/claims/documents';
import type {
  ClaimAmendedByStaff,
  DecisionLetterUploaded,
  StaffClaimChanges,
} from '@contracts/claims/events';
import { NotFoundError, ValidationError } from '@contracts/errors';
import { deciderSpecification } from '@tests/support/decider-specification';
import { evolveClaim, initialClaim } from './claim';
import { decideClaim } from './decide-claim';
import {
  claimSubmitted,
  inspected,
  MB,
  now,
  SUBMISSION_ID,
  staff,
  withFieldError,
} from '@tests/support/claims/claim-fixtures';

const spec = deciderSpecification(
  { initialState: initialClaim, decide: decideClaim, evolve: evolveClaim },
  { now },
);

const amend = (changes: StaffClaimEdit, decisionLetter?: InspectedFile): AmendClaim => ({
  type: 'AmendClaim',
  data: {
    submissionId: SUBMISSION_ID,
    changes,
    staff,
    ...(decisionLetter ? { decisionLetter } : {}),
  },
});

const amended = (changes: StaffClaimChanges): ClaimAmendedByStaff => ({
  type: 'ClaimAmendedByStaff',
  data: { submissionId: SUBMISSION_ID, changes, amendedBy: staff, amendedAt: now.toISOString() },
});

const submitted = claimSubmitted();
const unread = { decisionLetterRead: { from: true, to: false } };
/** A claim staff already numbered and set to Pending (its letter flag is now false). */
const numbered = amended({
  claimNumber: { from: '', to: 'AB12' },
  status: { from: 'Submitted', to: 'Pending' },
  additionalReason: { from: '', to: 'Array:recordOfEmployment' },
  ...unread,
});

const refuses = (
  given: Parameters<typeof spec.given>[0],
  changes: StaffClaimEdit,
  field: string,
  code: string,
  message: string,
) =>
  spec
    .given(given)
    .when(amend(changes))
    .thenThrows(ValidationError, withFieldError({ field, code }, message));

describe('AmendClaim: what a save records', () => {
  it('records each changed field with its previous value and the staff member, and sets the letter unread', () => {
    spec
      .given([submitted])
      .when(
        amend({
          claimNumber: ' ab12 ',
          benefitAmount: '1234.5',
          firstPaymentDate: '2026-12-01',
          lastPaymentDate: '2027-06-01',
          status: 'Pending',
          additionalReason: ['recordOfEmployment', 'bankStatement'],
        }),
      )
      .then([
        amended({
          claimNumber: { from: '', to: 'AB12' },
          benefitAmount: { from: 0, to: 1234.5 },
          firstPaymentDate: { from: null, to: '2026-12-01' },
          lastPaymentDate: { from: null, to: '2027-06-01' },
          status: { from: 'Submitted', to: 'Pending' },
          additionalReason: { from: '', to: 'Array:recordOfEmployment,bankStatement' },
          ...unread,
        }),
      ]);
  });

  it('records only what differs, and keeps the fields left out', () => {
    spec
      .given([submitted, numbered])
      .when(amend({ claimNumber: 'AB12', benefitAmount: '250', status: 'Pending' }))
      .then([amended({ benefitAmount: { from: 0, to: 250 } })]);
  });

  it('reads an empty benefit amount as 0, and an empty date as no date', () => {
    const paid = amended({
      benefitAmount: { from: 0, to: 80 },
      firstPaymentDate: { from: null, to: '2026-12-01' },
    });
    spec
      .given([submitted, numbered, paid])
      .when(amend({ benefitAmount: '', firstPaymentDate: '' }))
      .then([
        amended({
          benefitAmount: { from: 80, to: 0 },
          firstPaymentDate: { from: '2026-12-01', to: null },
        }),
      ]);
  });

  it.each(CLAIM_STATUSES.filter((status) => status !== 'Pending'))(
    'lets staff set the status %s',
    (status) => {
      spec
        .given([submitted, numbered])
        .when(amend({ status, additionalReason: [] }))
        .then([
          amended({
            status: { from: 'Pending', to: status },
            additionalReason: { from: 'Array:recordOfEmployment', to: '' },
          }),
        ]);
    },
  );

  it('stores one denial reason as it is, several pending reasons as Array: plus codes', () => {
    spec
      .given([submitted, numbered])
      .when(amend({ status: 'Denied', additionalReason: ['coverageExpired'] }))
      .then([
        amended({
          status: { from: 'Pending', to: 'Denied' },
          additionalReason: { from: 'Array:recordOfEmployment', to: 'coverageExpired' },
        }),
      ]);
    spec
      .given([submitted, numbered])
      .when(amend({ additionalReason: 'Array:sentToMedical,bankStatement' }))
      .then([
        amended({
          additionalReason: {
            from: 'Array:recordOfEmployment',
            to: 'Array:sentToMedical,bankStatement',
          },
        }),
      ]);
  });

  it('clears a carried-over reason the new status does not take, keeps one it does', () => {
    spec
      .given([submitted, numbered])
      .when(amend({ status: 'Denied' }))
      .then([
        amended({
          status: { from: 'Pending', to: 'Denied' },
          additionalReason: { from: 'Array:recordOfEmployment', to: '' },
        }),
      ]);
    spec
      .given([submitted, numbered])
      .when(amend({ status: 'In Progress' }))
      .then([amended({ status: { from: 'Pending', to: 'In Progress' } })]);
  });

  it('stores a new decision letter first, then the amendment pointing at it, in one decision', () => {
    const letter = inspected('decision.pdf', 2 * MB);
    const key = claimObjectKey(SUBMISSION_ID, letter.sha256);
    const uploaded: DecisionLetterUploaded = {
      type: 'DecisionLetterUploaded',
      data: {
        key,
        fileName: 'decision.pdf',
        size: 2 * MB,
        sha256: letter.sha256,
        submissionId: SUBMISSION_ID,
        uploadedBy: staff,
        uploadedAt: now.toISOString(),
      },
    };
    spec
      .given([submitted, numbered])
      .when(amend({ status: 'Approved' }, letter))
      .then([
        uploaded,
        amended({ status: { from: 'Pending', to: 'Approved' }, eobPath: { from: null, to: key } }),
      ]);
    spec
      .given([submitted, numbered])
      .when(amend({}, letter))
      .then([uploaded, amended({ eobPath: { from: null, to: key } })]);
  });

  it('given a letter with its safe copy, then the letter is stored with that rendition, keyed beside it', () => {
    const rendition = {
      sha256: 'c'.repeat(64),
      size: 3000,
      contentType: 'application/pdf' as const,
    };
    const letter = { ...inspected('decision.pdf', 2 * MB), rendition };
    const key = claimObjectKey(SUBMISSION_ID, letter.sha256);
    spec
      .given([submitted, numbered])
      .when(amend({}, letter))
      .then([
        {
          type: 'DecisionLetterUploaded',
          data: {
            key,
            fileName: 'decision.pdf',
            size: 2 * MB,
            sha256: letter.sha256,
            rendition: { ...rendition, key: claimObjectKey(SUBMISSION_ID, rendition.sha256) },
            submissionId: SUBMISSION_ID,
            uploadedBy: staff,
            uploadedAt: now.toISOString(),
          },
        },
        amended({ eobPath: { from: null, to: key } }),
      ]);
  });

  it('sets the letter unread again once the customer has read it', () => {
    const read = {
      type: 'DecisionLetterRead' as const,
      data: { submissionId: SUBMISSION_ID, customerId: 'customer-1', readAt: now.toISOString() },
    };
    spec
      .given([submitted, numbered, read])
      .when(amend({ benefitAmount: 10 }))
      .then([amended({ benefitAmount: { from: 0, to: 10 }, ...unread })]);
  });

  it('answers not found for a claim that does not exist', () => {
    spec
      .given([])
      .when(amend({ claimNumber: 'AB12' }))
      .thenThrows(NotFoundError);
  });
});

describe('AmendClaim: claim number', () => {
  it.each([
    ['empty', '  ', 'claimNumber.required', 'Claim number is required'],
    [
      'over 8 characters',
      'ABCDE1234',
      'claimNumber.tooLong',
      'Claim number must not exceed 8 characters',
    ],
    [
      'not alphanumeric',
      'AB-12',
      'claimNumber.notAlphanumeric',
      'Claim number must contain only alphanumeric characters',
    ],
  ])('refuses a claim number %s', (_, claimNumber, code, message) => {
    refuses([submitted], { claimNumber }, 'claimNumber', code, message);
  });

  it('requires a claim number even when the save does not touch it', () => {
    refuses(
      [submitted],
      { status: 'Pending' },
      'claimNumber',
      'claimNumber.required',
      'Claim number is required',
    );
  });
});

describe('AmendClaim: benefit amount', () => {
  it.each([
    ['negative', '-5', 'benefitAmount.negative', 'Benefit amount must be a positive number'],
    ['not a number', '12a', 'benefitAmount.invalid', 'Benefit amount must be a positive number'],
    [
      '1,000,000 or more',
      '1000000',
      'benefitAmount.tooLarge',
      'Benefit amount must be less than $1,000,000',
    ],
    [
      'with 3 decimals',
      '12.345',
      'benefitAmount.tooManyDecimals',
      'Benefit amount cannot have more than 2 decimal places',
    ],
  ])('refuses an amount %s', (_, benefitAmount, code, message) => {
    refuses([submitted, numbered], { benefitAmount }, 'benefitAmount', code, message);
  });

  it('accepts 999,999.99', () => {
    spec
      .given([submitted, numbered])
      .when(amend({ benefitAmount: '999999.99' }))
      .then([amended({ benefitAmount: { from: 0, to: 999_999.99 } })]);
  });
});

describe('AmendClaim: payment dates', () => {
  const cases = (label: string) => [
    ['2026-1', 'incomplete', `Please enter a complete ${label.toLowerCase()}`],
    ['01/02/2026', 'invalidFormat', `${label} must be in a valid format`],
    ['1899-12-31', 'beforeMinimum', `${label} cannot be before January 1, 1900`],
    ['2101-01-01', 'afterMaximum', `${label} cannot be after December 31, 2100`],
    ['2026-13-01', 'invalidMonth', `${label} must have a valid month (01-12)`],
    ['2026-01-32', 'invalidDay', `${label} must have a valid day`],
    ['2026-02-29', 'invalidDate', `${label} must be a valid date`],
  ];

  it.each(cases('Initial payment date'))(
    'refuses initial payment date %s (%s)',
    (value, rule, message) => {
      refuses(
        [submitted, numbered],
        { firstPaymentDate: value },
        'firstPaymentDate',
        `firstPaymentDate.${rule}`,
        message,
      );
    },
  );

  it.each(cases('Benefits approved to date'))(
    'refuses benefits approved to date %s (%s)',
    (value, rule, message) => {
      refuses(
        [submitted, numbered],
        { lastPaymentDate: value },
        'lastPaymentDate',
        `lastPaymentDate.${rule}`,
        message,
      );
    },
  );

  it('accepts the range limits and a leap day', () => {
    spec
      .given([submitted, numbered])
      .when(amend({ firstPaymentDate: '1900-01-01', lastPaymentDate: '2028-02-29' }))
      .then([
        amended({
          firstPaymentDate: { from: null, to: '1900-01-01' },
          lastPaymentDate: { from: null, to: '2028-02-29' },
        }),
      ]);
  });

  it('refuses an end before the start, also against the stored start', () => {
    const message = 'Benefits approved to date cannot be before initial payment date';
    refuses(
      [submitted, numbered],
      { firstPaymentDate: '2026-12-01', lastPaymentDate: '2026-11-30' },
      'lastPaymentDate',
      'lastPaymentDate.beforeFirstPaymentDate',
      message,
    );
    const started = amended({ firstPaymentDate: { from: null, to: '2026-12-01' } });
    refuses(
      [submitted, numbered, started],
      { lastPaymentDate: '2026-11-30' },
      'lastPaymentDate',
      'lastPaymentDate.beforeFirstPaymentDate',
      message,
    );
  });
});
