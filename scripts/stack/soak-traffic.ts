import { randomUUID } from 'node:crypto';
import type { SmtpCapture } from '@tests/support/smtp-capture';
import {
  type CustomerContext,
  openDashboard,
  register,
  signIn,
  signOut,
  submitClaimWithFiles,
} from '../bench/load/customer-journey';
import { RouteStats } from '../bench/load/route-stats';
import { amendClaim, openClaim, searchByEmail, signInStaff } from '../bench/load/staff-journey';
import { type Answer, VirtualClient } from '../bench/load/virtual-client';
import { REQUEST_ID_HEADER } from './haproxy';

/** One request of the soak, as its client saw it. */
export interface RequestRecord {
  readonly id: string;
  readonly method: string;
  readonly path: string;
  readonly startedAt: number;
  readonly endedAt: number;
  /** 0: no answer (the connection failed or was cut). */
  readonly status: number;
  /** The problem+json code, or the network error. */
  readonly cause?: string;
  /** A claim submission's policy number: whether a cut one was stored is checked after. */
  readonly policyNumber?: string;
}

type RequestOptions = Parameters<VirtualClient['request']>[1];

/** A VirtualClient that tags each request for haproxy's log and records how it ended. */
class TracedClient extends VirtualClient {
  constructor(
    base: string,
    localAddress: string,
    private readonly records: RequestRecord[],
  ) {
    super(base, localAddress);
  }

  override async request(path: string, options: RequestOptions = {}): Promise<Answer> {
    const id = randomUUID();
    const startedAt = Date.now();
    const method = options.method ?? 'GET';
    const shortPath = path.replace(/[?].*$/, '').replace(/[0-9a-f-]{36}/g, ':id');
    const policyNumber = (options.body as { policyNumber?: unknown } | undefined)?.policyNumber;
    const base = {
      id,
      method,
      path: shortPath,
      startedAt,
      ...(typeof policyNumber === 'string' ? { policyNumber } : {}),
    };
    try {
      const answer = await super.request(path, {
        ...options,
        headers: { ...options.headers, [REQUEST_ID_HEADER]: id },
      });
      this.records.push({
        ...base,
        endedAt: Date.now(),
        status: answer.status,
        cause: answer.status >= 400 ? problemCode(answer.text) : undefined,
      });
      return answer;
    } catch (error) {
      const cause = (error as NodeJS.ErrnoException).code ?? String(error);
      this.records.push({
        ...base,
        endedAt: Date.now(),
        status: 0,
        cause,
      });
      throw error;
    }
  }
}

function problemCode(text: string): string {
  try {
    const body = JSON.parse(text) as { code?: unknown };
    return typeof body.code === 'string' ? body.code : 'no code';
  } catch {
    return 'not JSON';
  }
}

export interface TrafficOptions {
  readonly base: string;
  readonly smtp: SmtpCapture;
  readonly customers: number;
  readonly staff: number;
  readonly thinkMs: number;
}

export interface Traffic {
  readonly records: RequestRecord[];
  readonly stats: RouteStats;
  /** Customers whose claims were accepted (201), for the mail checks. */
  readonly submitted: () => number;
  /** Runs the loops until `deadline` (performance.now()). */
  run(deadline: number): Promise<void>;
}

/** The `bench:load` journeys (customers and staff), each user from a loopback address of its own. */
export function soakTraffic(options: TrafficOptions): Traffic {
  const records: RequestRecord[] = [];
  const stats = new RouteStats();
  const runId = Date.now().toString(36);
  const think = () =>
    new Promise((r) => setTimeout(r, options.thinkMs * (0.7 + Math.random() * 0.6)));
  const recent: string[][] = Array.from({ length: options.staff }, () => []);

  async function customerLoop(loop: number, deadline: number): Promise<void> {
    for (let session = 1; performance.now() < deadline; session += 1) {
      const customer: CustomerContext = {
        client: new TracedClient(options.base, `127.20.${loop}.${(session % 250) + 1}`, records),
        smtp: options.smtp,
        stats,
        email: `soak.${loop}.${session}.${runId}@example.test`,
      };
      try {
        await register(customer);
        await signIn(customer);
        for (let step = 0; step < 12 && performance.now() < deadline; step += 1) {
          await openDashboard(customer);
          if (step % 4 === 0) await submitClaimWithFiles(customer);
          await think();
        }
        await signOut(customer);
        const mine = recent[loop % options.staff];
        mine?.push(customer.email);
        if (mine && mine.length > 16) mine.shift();
      } catch {
        // Recorded; the next customer comes along.
        await think();
      } finally {
        customer.client.close();
      }
    }
  }

  async function staffLoop(index: number, deadline: number): Promise<void> {
    const agent = {
      client: new TracedClient(options.base, `127.21.0.${index + 1}`, records),
      stats,
    };
    const mine = recent[index] as string[];
    const numbers = new Map<string, string>();
    let cents = 100_000;
    let signedIn = false;
    try {
      for (let step = 0; performance.now() < deadline; step += 1) {
        try {
          if (!signedIn) {
            await signInStaff(agent, index % 2 === 0 ? 'dev-agent-claire' : 'dev-agent-marc');
            signedIn = true;
          }
          const email = mine[step % Math.max(1, mine.length)];
          const [newest] = email ? await searchByEmail(agent, email) : [];
          if (newest) {
            await openClaim(agent, newest.submissionId);
            if (step % 2 === 0) {
              const number =
                numbers.get(newest.submissionId) ??
                `S${index}${String(numbers.size + 1).padStart(6, '0')}`;
              numbers.set(newest.submissionId, number);
              cents += 1;
              await amendClaim(agent, newest.submissionId, number, cents);
            }
          }
        } catch {
          // Recorded.
        }
        await think();
      }
    } finally {
      agent.client.close();
    }
  }

  return {
    records,
    stats,
    submitted: () => records.filter((r) => r.path === '/api/claims' && r.status === 201).length,
    async run(deadline) {
      await Promise.all([
        ...Array.from({ length: options.customers }, (_, loop) => customerLoop(loop, deadline)),
        ...Array.from({ length: options.staff }, (_, i) => staffLoop(i, deadline)),
      ]);
    },
  };
}
