/**
 * The practical limit of this architecture for `npm run bench:append` (issue 30): a bare
 * `node:http` server on the portal's own database that, per request, does the same session
 * lookup (one indexed read) and the same store append with the same event as the portal,
 * and nothing else: no middleware, CSRF, validation, logging or read-your-writes wait.
 * Started as its own process by the bench: `DATABASE_URL=… PORT=… node --import tsx
 * scripts/bench/append/reference-server.ts`; prints `listening` once it serves.
 */
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import pg from 'pg';
import {
  CLAIM_EVENT_SCHEMA_VERSIONS,
  type Claimant,
  type ClaimEvent,
  claimStreamId,
  type StaffMember,
} from '@contracts/claims/events';
import { WrongExpectedRevisionError } from '@contracts/event-store';
import { createPostgresEventStore } from '@infra/eventstore/postgres/postgres-event-store';
import { tokenHash as staffTokenHash } from '@infra/oidc/opaque-token';
import { initialClaim } from '@services/claims/claim';
import { decideSubmission } from '@services/claims/decide-submission';
import { confirmationNumberFor } from '@services/claims/submit-claim';
import { type CommandContext, toNewEvents } from '@services/shared/command-context';
import { tokenHash } from '@services/identity/secrets';
import type { SubmitClaimRequest } from '@contracts/claims/submit-claim-request';

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
const store = createPostgresEventStore(pool);
/** The last amount each claim was given here, for the `from` of the next change. */
const amounts = new Map<string, number>();

function cookie(req: IncomingMessage, name: string): string | undefined {
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return decodeURIComponent(value.join('='));
  }
  return undefined;
}

async function body(req: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>;
}

async function claimantOf(req: IncomingMessage): Promise<Claimant | undefined> {
  const id = cookie(req, 'session');
  if (!id) return undefined;
  const { rows } = await pool.query<Claimant>(
    `select a.id as "customerId", a.email, a.first_name as "firstName", a.last_name as "lastName",
            to_char(a.date_of_birth, 'YYYY-MM-DD') as "dateOfBirth"
     from identity_sessions s join identity_accounts a on a.id = s.customer_id
     where s.id_hash = $1 and s.idle_expires_at > now() and s.expires_at > now()`,
    [tokenHash('session', id)],
  );
  return rows[0];
}

async function staffOf(req: IncomingMessage): Promise<StaffMember | undefined> {
  const id = cookie(req, 'staff_session');
  if (!id) return undefined;
  const { rows } = await pool.query<StaffMember>(
    `select staff_id as "staffId", email from staff_sessions where id_hash = $1 and expires_at > now()`,
    [staffTokenHash(id)],
  );
  return rows[0];
}

function contextOf(actor: CommandContext['actor']): CommandContext {
  const commandId = randomUUID();
  return { commandId, actor, tenant: 'base', correlationId: commandId, now: new Date() };
}

const append = (
  submissionId: string,
  events: ClaimEvent[],
  context: CommandContext,
  expected: bigint | 'no_stream',
) =>
  store.append(
    claimStreamId(submissionId),
    toNewEvents(events, context, CLAIM_EVENT_SCHEMA_VERSIONS),
    { expectedRevision: expected },
  );

async function submit(req: IncomingMessage, res: ServerResponse): Promise<void> {
  const claimant = await claimantOf(req);
  if (!claimant) return answer(res, 401, {});
  const request = { claimDescription: '', ...(await body(req)) } as unknown as SubmitClaimRequest;
  const context = contextOf({ kind: 'customer', id: claimant.customerId, email: claimant.email });
  const submissionId = context.commandId;
  const confirmationNumber = confirmationNumberFor(submissionId);
  const events = decideSubmission(
    {
      type: 'SubmitClaim',
      data: {
        ...request,
        submissionId,
        confirmationNumber,
        claimant,
        documents: [],
      },
    },
    initialClaim(),
    { now: context.now },
  );
  await append(submissionId, events, context, 'no_stream');
  answer(res, 201, { submissionId, confirmationNumber }, { etag: '"0"' });
}

async function amend(
  req: IncomingMessage,
  res: ServerResponse,
  submissionId: string,
): Promise<void> {
  const staff = await staffOf(req);
  if (!staff) return answer(res, 401, {});
  const request = await body(req);
  const revision = BigInt(/"(\d+)"/.exec(req.headers['if-match'] ?? '')?.[1] ?? '-1');
  const to = Number(request.benefitAmount);
  const context = contextOf({ kind: 'staff', id: staff.staffId, email: staff.email });
  const event: ClaimEvent = {
    type: 'ClaimAmendedByStaff',
    data: {
      submissionId,
      changes: { benefitAmount: { from: amounts.get(submissionId) ?? 0, to } },
      amendedBy: staff,
      amendedAt: context.now.toISOString(),
    },
  };
  try {
    await append(submissionId, [event], context, revision);
  } catch (error) {
    if (error instanceof WrongExpectedRevisionError) return answer(res, 409, {});
    throw error;
  }
  amounts.set(submissionId, to);
  answer(res, 200, { submissionId }, { etag: `"${revision + 1n}"` });
}

function answer(
  res: ServerResponse,
  status: number,
  json: unknown,
  headers: Record<string, string> = {},
) {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(json));
}

const server = createServer((req, res) => {
  const amendPath = /^\/admin\/claims\/([0-9a-f-]{36})$/.exec(req.url ?? '');
  const handled =
    req.method === 'POST' && req.url === '/claims'
      ? submit(req, res)
      : req.method === 'POST' && amendPath
        ? amend(req, res, amendPath[1] as string)
        : Promise.resolve(answer(res, 404, {}));
  handled.catch((error: unknown) => {
    process.stderr.write(`reference server: ${String(error)}\n`);
    if (!res.headersSent) answer(res, 500, {});
  });
});
server.listen(Number(process.env.PORT), '127.0.0.1', () => process.stdout.write('listening\n'));
process.once('SIGINT', () => {
  server.close();
  void store.close().then(() => pool.end());
});
