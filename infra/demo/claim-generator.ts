import { createHash } from 'node:crypto';
import { v7 as uuidv7 } from 'uuid';
import {
  CLAIM_TYPES,
  type ClaimStatus,
  COMPANY_ORG_ID,
  PRODUCT_CODES,
  PRODUCT_TYPES,
} from '@contracts/claims/catalogue';
import {
  CLAIM_NUMBER_EVENT_SCHEMA_VERSIONS,
  type ClaimNumberReserved,
} from '@contracts/claims/claim-number-events';
import type { DocumentRef } from '@contracts/claims/documents';
import {
  CLAIM_EVENT_SCHEMA_VERSIONS,
  type ClaimEvent,
  type Claimant,
  type StaffClaimChanges,
  type StaffMember,
} from '@contracts/claims/events';
import { DENIAL_REASONS, MULTI_SELECT_PREFIX, PENDING_REASONS } from '@contracts/claims/reasons';
import type { Actor, EventMetadata, NewEvent } from '@contracts/event-store';

const FIRST_NAMES = [
  'Marie',
  'Jean',
  'Hélène',
  'François',
  'Amélie',
  'Luc',
  'Chloé',
  'Émile',
  'Sarah',
  'David',
  'Priya',
  'Wei',
  'Noah',
  'Zoé',
  "D'Arcy",
  'Anne-Marie',
];
const LAST_NAMES = [
  'Tremblay',
  'Gagnon',
  'Roy',
  'Côté',
  'Bouchard',
  'Gauthier',
  'Morin',
  'Lavoie',
  'Fortin',
  'Smith',
  'Brown',
  'Wilson',
  'Nguyen',
  'Singh',
  "O'Brien",
  'Lefèvre',
];
const STAFF: readonly StaffMember[] = [
  { staffId: 'staff-ana', email: 'ana.lopez@claims.example' },
  { staffId: 'staff-ben', email: 'ben.clarke@claims.example' },
  { staffId: 'staff-chloe', email: 'chloe.girard@claims.example' },
];
const STATUS_WEIGHTS: ReadonlyArray<readonly [ClaimStatus, number]> = [
  ['Submitted', 20],
  ['Pending', 25],
  ['In Progress', 20],
  ['Approved', 25],
  ['Denied', 10],
];

/** A small deterministic generator (mulberry32), so a seed gives the same data every run. */
export function randomFrom(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)] as T;
  return { next, pick, chance: (p: number) => next() < p };
}
export type Random = ReturnType<typeof randomFrom>;

export interface GeneratedClaim {
  /** Each stream with its events, appended with "no stream" expected. */
  readonly streams: ReadonlyArray<{
    readonly streamId: string;
    readonly events: readonly NewEvent[];
  }>;
}

export function customerFor(index: number): Claimant {
  const first = FIRST_NAMES[index % FIRST_NAMES.length] as string;
  const last = LAST_NAMES[Math.floor(index / FIRST_NAMES.length) % LAST_NAMES.length] as string;
  const plain = (s: string) =>
    s
      .normalize('NFD')
      .replace(/\p{Diacritic}/gu, '')
      .replace(/[^a-z]/gi, '')
      .toLowerCase();
  return {
    customerId: `seed-customer-${index}`,
    email: `${plain(first)}.${plain(last)}.${index}@example.com`,
    firstName: first.toLowerCase(),
    lastName: last.toLowerCase(),
    dateOfBirth: `19${50 + (index % 50)}-0${1 + (index % 9)}-1${index % 9}`,
  };
}

function weightedStatus(random: Random): ClaimStatus {
  let roll = random.next() * 100;
  for (const [status, weight] of STATUS_WEIGHTS) {
    roll -= weight;
    if (roll < 0) return status;
  }
  return 'Submitted';
}

function documentRef(
  submissionId: string,
  fileName: string,
  kind: DocumentRef['kind'],
  random: Random,
): DocumentRef {
  const sha256 = createHash('sha256').update(`${submissionId}/${fileName}`).digest('hex');
  return {
    key: `claims/${submissionId}/${sha256}`,
    fileName,
    size: 20_000 + Math.floor(random.next() * 900_000),
    sha256,
    contentType: fileName.endsWith('.png') ? 'image/png' : 'application/pdf',
    kind,
  };
}

const isoDay = (time: number) => new Date(time).toISOString().slice(0, 10);

function reasonFor(status: ClaimStatus, random: Random): string {
  if (status === 'Submitted') return '';
  if (status === 'Denied') return random.pick(DENIAL_REASONS).code;
  const codes = new Set([random.pick(PENDING_REASONS).code, random.pick(PENDING_REASONS).code]);
  return `${MULTI_SELECT_PREFIX}${[...codes].join(',')}`;
}

/**
 * One realistic claim with its whole life: submission with documents, sometimes more
 * documents, staff saves towards its final status, a letter for decided claims, and the
 * customer reading it — each as the events the real handlers append.
 */
export function generateClaim(
  index: number,
  customer: Claimant,
  random: Random,
  now: number,
): GeneratedClaim {
  const submissionId = uuidv7();
  let time = now - Math.floor(random.next() * 730 * 86_400_000);
  const tick = () => {
    time += Math.floor(random.next() * 5 * 86_400_000) + 60_000;
    return new Date(time).toISOString();
  };
  const claimEvents: Array<{ event: ClaimEvent; actor: Actor; at: string }> = [];
  const customerActor: Actor = { kind: 'customer', id: customer.customerId, email: customer.email };
  const submittedAt = new Date(time).toISOString();
  const initialDocuments = [documentRef(submissionId, 'claim-form.pdf', 'claim', random)];
  if (random.chance(0.6))
    initialDocuments.push(
      documentRef(submissionId, 'physician-statement.pdf', 'physician', random),
    );
  claimEvents.push({
    at: submittedAt,
    actor: customerActor,
    event: {
      type: 'ClaimSubmitted',
      data: {
        submissionId,
        confirmationNumber: confirmationNumber(index),
        policyNumber: `POL-${100000 + index}`,
        productCode: random.pick(PRODUCT_CODES),
        productType: random.pick(PRODUCT_TYPES),
        claimType: random.pick(CLAIM_TYPES),
        claimDescription: 'Generated claim for load and demo data.',
        claimant: customer,
        orgId: COMPANY_ORG_ID,
        submittedAt,
        documents: initialDocuments,
      },
    },
  });
  if (random.chance(0.3)) {
    const addedAt = tick();
    claimEvents.push({
      at: addedAt,
      actor: customerActor,
      event: {
        type: 'AdditionalDocumentsAdded',
        data: {
          submissionId,
          addedAt,
          documents: [documentRef(submissionId, 'bank-statement.png', 'additional', random)],
        },
      },
    });
  }

  const finalStatus = weightedStatus(random);
  const reservations: NewEvent[] = [];
  let claimNumber = '';
  if (finalStatus !== 'Submitted') {
    claimNumber = `S${index.toString(36).toUpperCase().padStart(7, '0')}`;
    const staff = random.pick(STAFF);
    const staffActor: Actor = { kind: 'staff', id: staff.staffId, email: staff.email };
    const firstStatus: ClaimStatus = random.chance(0.5) ? 'Pending' : finalStatus;
    let current: {
      status: ClaimStatus;
      reason: string;
      amount: number;
      first: string | null;
      last: string | null;
    } = {
      status: 'Submitted',
      reason: '',
      amount: 0,
      first: null,
      last: null,
    };
    const reservedAt = tick();
    const reserved: ClaimNumberReserved = {
      type: 'ClaimNumberReserved',
      data: { claimNumber, submissionId },
    } as ClaimNumberReserved;
    reservations.push(newEvent(reserved, staffActor, reservedAt));
    for (const status of firstStatus === finalStatus ? [finalStatus] : [firstStatus, finalStatus]) {
      const amendedAt = tick();
      const amount =
        status === 'Approved' ? Math.round(random.next() * 250_000) / 100 : current.amount;
      const first = status === 'Approved' ? isoDay(time) : current.first;
      const last = status === 'Approved' ? isoDay(time + 180 * 86_400_000) : current.last;
      const reason = reasonFor(status, random);
      const changes: StaffClaimChanges = {
        ...(current.status === 'Submitted' ? { claimNumber: { from: '', to: claimNumber } } : {}),
        status: { from: current.status, to: status },
        ...(reason !== current.reason
          ? { additionalReason: { from: current.reason, to: reason } }
          : {}),
        ...(amount !== current.amount
          ? { benefitAmount: { from: current.amount, to: amount } }
          : {}),
        ...(first !== current.first
          ? { firstPaymentDate: { from: current.first, to: first } }
          : {}),
        ...(last !== current.last ? { lastPaymentDate: { from: current.last, to: last } } : {}),
        decisionLetterRead: { from: true, to: false },
      };
      claimEvents.push({
        at: amendedAt,
        actor: staffActor,
        event: {
          type: 'ClaimAmendedByStaff',
          data: { submissionId, changes, amendedBy: staff, amendedAt },
        },
      });
      current = { status, reason, amount, first, last };
    }
    if ((finalStatus === 'Approved' || finalStatus === 'Denied') && random.chance(0.5)) {
      const readAt = tick();
      claimEvents.push({
        at: readAt,
        actor: customerActor,
        event: {
          type: 'DecisionLetterRead',
          data: { submissionId, customerId: customer.customerId, readAt },
        },
      });
    }
  }

  const streams = [
    {
      streamId: `claim-${submissionId}`,
      events: claimEvents.map(({ event, actor, at }) => newEvent(event, actor, at)),
    },
  ];
  if (reservations.length > 0)
    streams.push({ streamId: `claim-number-${claimNumber}`, events: reservations });
  return { streams };
}

/** Ten characters like the real ones, unique per index. */
function confirmationNumber(index: number): string {
  const body = `G${index.toString(36).toUpperCase().padStart(9, '0')}`;
  return `${body.slice(0, 5)}-${body.slice(5)}`;
}

const SCHEMA_VERSIONS: Readonly<Record<string, number>> = {
  ...CLAIM_EVENT_SCHEMA_VERSIONS,
  ...CLAIM_NUMBER_EVENT_SCHEMA_VERSIONS,
};

function newEvent(event: { type: string; data: unknown }, actor: Actor, at: string): NewEvent {
  const eventId = uuidv7();
  const metadata: EventMetadata = {
    eventId,
    occurredAt: at,
    actor,
    correlationId: eventId,
    causationId: eventId,
    tenant: 'base',
    schemaVersion: SCHEMA_VERSIONS[event.type] ?? 1,
  };
  return { type: event.type, data: event.data, metadata };
}
