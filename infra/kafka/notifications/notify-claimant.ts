import type pg from 'pg';
import {
  type IntegrationEvent,
  integrationEventSchema,
} from '@contracts/integration/claim-integration-events';
import type { Mailer } from '@contracts/mail';
import {
  type ClaimReference,
  capitalize,
  claimReceivedMail,
  decisionLetterMail,
  documentsReceivedMail,
  type NotificationLanguage,
  type NotificationMail,
  statusChangedMail,
} from './notification-mails';

/** Where a claimant's current language (and address) is found: the identity accounts. */
export interface ClaimantDirectory {
  find(customerId: string): Promise<{ email: string; language: NotificationLanguage } | undefined>;
}

export function postgresClaimantDirectory(pool: Pick<pg.Pool, 'query'>): ClaimantDirectory {
  return {
    async find(customerId) {
      const { rows } = await pool.query<{ email: string; language: NotificationLanguage }>(
        'select email, language from identity_accounts where id::text = $1',
        [customerId],
      );
      return rows[0];
    },
  };
}

export interface NotifyOptions {
  readonly pool: pg.Pool;
  readonly mailer: Mailer;
  readonly directory: ClaimantDirectory;
  /** Links in the mail point there (PUBLIC_URL); none when unset. */
  readonly portalUrl?: string;
  /** Events older than this are recorded, not mailed: a first start must not mail old news. */
  readonly maxAgeMs?: number;
  readonly now?: () => Date;
}

export type NotifyOutcome = 'mailed' | 'not-mailed' | 'stale' | 'duplicate';

const DEFAULT_MAX_AGE_MS = 7 * 86_400_000;

/**
 * The longest this handler's transaction may sit idle. It holds the event's delivery row,
 * which a consumer handed the event after a rebalance waits on: a frozen holder must let go
 * before the group's session timeout (6 s) hands its partitions over, not after the pool's
 * 60 s. Within it the mail is only queued (a row), so a live handler is never near it.
 */
const IDLE_IN_TRANSACTION_MS = 5_000;

interface ClaimRow {
  customer_id: string;
  email: string;
  first_name: string;
  confirmation_number: string;
  claim_number: string | null;
}

/**
 * Handles one integration event, once per event id: the id is recorded in the same
 * transaction that the mail is sent in, so a redelivered event (at-least-once) finds it and
 * sends nothing, and two consumers handed the same event wait on the row and send one mail.
 */
export async function notifyClaimant(
  options: NotifyOptions,
  message: unknown,
): Promise<NotifyOutcome> {
  const event = integrationEventSchema.parse(message);
  const client = await options.pool.connect();
  try {
    await client.query(
      `begin; set local idle_in_transaction_session_timeout = ${IDLE_IN_TRANSACTION_MS}`,
    );
    const { rowCount } = await client.query(
      `insert into notification_deliveries (event_id, claim_id, type, outcome)
       values ($1, $2, $3, 'not-mailed') on conflict do nothing`,
      [event.eventId, event.claimId, event.type],
    );
    if (rowCount === 0) {
      await client.query('commit');
      return 'duplicate';
    }
    await remember(client, event);
    const outcome = await mail(client, options, event);
    if (outcome !== 'not-mailed') {
      await client.query('update notification_deliveries set outcome = $2 where event_id = $1', [
        event.eventId,
        outcome,
      ]);
    }
    await client.query('commit');
    return outcome;
  } catch (error) {
    await client.query('rollback').catch(() => {});
    throw error;
  } finally {
    client.release();
  }
}

/** Keeps what later mails need: the claimant's address and name, the claim's numbers. */
async function remember(client: pg.PoolClient, event: IntegrationEvent): Promise<void> {
  if (event.type === 'claim.submitted') {
    const { claimant, confirmationNumber } = event.data;
    await client.query(
      `insert into notification_claims (claim_id, customer_id, email, first_name, confirmation_number)
       values ($1, $2, $3, $4, $5) on conflict (claim_id) do nothing`,
      [event.claimId, claimant.customerId, claimant.email, claimant.firstName, confirmationNumber],
    );
  } else if (event.type === 'claim.number-assigned') {
    await client.query('update notification_claims set claim_number = $2 where claim_id = $1', [
      event.claimId,
      event.data.claimNumber,
    ]);
  }
}

async function mail(
  client: pg.PoolClient,
  options: NotifyOptions,
  event: IntegrationEvent,
): Promise<Exclude<NotifyOutcome, 'duplicate'>> {
  if (event.type === 'claim.number-assigned' || event.type === 'claim.decision-letter-read') {
    return 'not-mailed';
  }
  const age = (options.now?.() ?? new Date()).getTime() - Date.parse(event.occurredAt);
  if (age > (options.maxAgeMs ?? DEFAULT_MAX_AGE_MS)) return 'stale';
  const { rows } = await client.query<ClaimRow>(
    'select * from notification_claims where claim_id = $1',
    [event.claimId],
  );
  const claim = rows[0];
  if (!claim) return 'not-mailed';
  const account = await options.directory.find(claim.customer_id);
  const lang: NotificationLanguage = account?.language ?? 'en';
  const reference: ClaimReference = {
    firstName: capitalize(claim.first_name),
    confirmationNumber: claim.confirmation_number,
    claimNumber: claim.claim_number,
  };
  const content = render(lang, event, reference, options.portalUrl);
  if (!content) return 'not-mailed';
  const to = account?.email ?? claim.email;
  // One Message-ID per (event, recipient): a receiver can drop a repeat.
  await options.mailer.send({ ...content, to, key: `claim-notification:${event.eventId}:${to}` });
  return 'mailed';
}

function render(
  lang: NotificationLanguage,
  event: IntegrationEvent,
  claim: ClaimReference,
  portalUrl: string | undefined,
): NotificationMail | undefined {
  switch (event.type) {
    case 'claim.submitted':
      return claimReceivedMail(lang, event, portalUrl);
    case 'claim.documents-added':
      return documentsReceivedMail(lang, event, claim, portalUrl);
    case 'claim.status-changed':
      return statusChangedMail(lang, event, claim, portalUrl);
    case 'claim.decision-letter-available':
      return decisionLetterMail(lang, event, claim, portalUrl);
    default:
      return undefined;
  }
}
