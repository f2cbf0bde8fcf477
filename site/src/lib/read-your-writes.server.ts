import type { AstroCookies } from 'astro';
import { compareLogPositions, type LogPosition } from '@contracts/event-store';
import type { Config } from '@infra/config/config';
import { getRuntime } from '@infra/runtime';
import { CLAIMS_PROJECTION } from '@projections/claims/claims-projection';
import { waitForCheckpoint } from '@projections/runner/checkpoints';
import { requestIsHttps } from './forwarded.server';

/**
 * Read-your-writes by a token the caller holds (decision 096): a command answers once its
 * event is stored and hands back its log position in a cookie; the caller's next read waits
 * until the claims read model shows that position (see `ownWriteWaitMs`).
 */
const OWN_WRITE_COOKIE = 'own_write';
const LEAST_WAIT_MS = 3_000;
const KEEP_SECONDS = 60;
const POSITION = /^(\d{1,19})\.(\d{1,19})$/;
const MAX_POSITION = 2n ** 63n - 1n;

type CookieContext = { readonly cookies: AstroCookies; readonly request: Request };

const cookieName = (request: Request) =>
  requestIsHttps(request) ? `__Host-${OWN_WRITE_COOKIE}` : OWN_WRITE_COOKIE;

const cookieOptions = (request: Request) =>
  ({ path: '/', httpOnly: true, sameSite: 'lax', secure: requestIsHttps(request) }) as const;

/** The position a token names, or undefined for anything else (a forged or mangled value). */
function parseOwnWrite(value: string | undefined): LogPosition | undefined {
  const match = value === undefined ? null : POSITION.exec(value);
  if (!match) return undefined;
  const commit = BigInt(match[1] as string);
  const prepare = BigInt(match[2] as string);
  return commit <= MAX_POSITION && prepare <= MAX_POSITION ? { commit, prepare } : undefined;
}

/** After a command: the caller's next read will wait for `position`. */
export function rememberOwnWrite(context: CookieContext, position: LogPosition | undefined): void {
  if (!position) return;
  const name = cookieName(context.request);
  const held = parseOwnWrite(context.cookies.get(name)?.value);
  const latest = held && compareLogPositions(held, position) > 0 ? held : position;
  context.cookies.set(name, `${latest.commit}.${latest.prepare}`, {
    ...cookieOptions(context.request),
    maxAge: KEEP_SECONDS,
  });
}

/**
 * How long a read waits for its caller's write: at least 3 s, and long enough for a standby
 * to take over from a frozen projector leader (decision 112: within TTL + TTL/3) and apply
 * the write, so a claimant never reads "not found" for the claim just sent (decision 135);
 * a second under the request's own deadline at most, so the wait never turns into a 503.
 */
export function ownWriteWaitMs(
  config: Pick<Config, 'LEASE_TTL_MS' | 'REQUEST_DEADLINE_MS'>,
): number {
  const takeover = Math.ceil((config.LEASE_TTL_MS * 4) / 3) + 1_000;
  const wait = Math.max(LEAST_WAIT_MS, takeover);
  return config.REQUEST_DEADLINE_MS > 0 ? Math.min(wait, config.REQUEST_DEADLINE_MS - 1_000) : wait;
}

const awaited = new WeakSet<Request>();

/**
 * Before a read: waits until the claims read model shows the caller's last write. A token
 * that is not a position, or one the projector did not reach in time, is dropped.
 */
export async function awaitOwnWrites(context: CookieContext): Promise<void> {
  if (awaited.has(context.request)) return;
  awaited.add(context.request);
  const name = cookieName(context.request);
  const value = context.cookies.get(name)?.value;
  if (value === undefined) return;
  const position = parseOwnWrite(value);
  const runtime = await getRuntime();
  const shown =
    position !== undefined &&
    (await waitForCheckpoint(runtime.pool, CLAIMS_PROJECTION, position, {
      timeoutMs: ownWriteWaitMs(runtime.config),
    }));
  if (!shown) context.cookies.delete(name, cookieOptions(context.request));
}
