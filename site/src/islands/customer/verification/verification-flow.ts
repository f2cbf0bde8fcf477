import { FLOW_LIFETIME_SECONDS } from '@contracts/identity/limits';

/** The stored verification flow: written by the screens that lead to `/{lang}/mfa`, read there. */

/** sessionStorage key of the flow the verification screen completes (spec §3, §4). */
const VERIFICATION_FLOW_KEY = 'claims.verificationFlow';

export type VerificationFlowKind = 'sign-in' | 'registration';

export interface StoredVerificationFlow {
  readonly kind: VerificationFlowKind;
  /** Sign-in: the flow the 6-digit code completes (required for `sign-in`). */
  readonly flowId?: string;
  /** Registration: the account the 8-character code confirms (required for `registration`). */
  readonly userId?: string;
  readonly email?: string;
  /** Where to go once signed in: a path already checked by `safeNextPath`. */
  readonly next?: string;
  /** When the flow was stored, in ms since the epoch; it lives 30 minutes. */
  readonly timestamp: number;
  /** When the resend link opens again, in ms since the epoch (default: timestamp + 60 s). */
  readonly resendAvailableAt?: number;
}

export type NewVerificationFlow = Omit<StoredVerificationFlow, 'timestamp'> & {
  readonly timestamp?: number;
};

/** Saves the flow for the verification screen (`/{lang}/mfa`); the timestamp defaults to now. */
export function storeVerificationFlow(flow: NewVerificationFlow): void {
  const stored: StoredVerificationFlow = { ...flow, timestamp: flow.timestamp ?? Date.now() };
  try {
    sessionStorage.setItem(VERIFICATION_FLOW_KEY, JSON.stringify(stored));
  } catch {
    // Storage refused (private mode, quota): the verification screen says there is no flow.
  }
}

/** The stored flow if it is well formed and younger than 30 minutes; an expired one is removed. */
export function readVerificationFlow(now = Date.now()): StoredVerificationFlow | undefined {
  let flow: Partial<StoredVerificationFlow> | null;
  try {
    flow = JSON.parse(sessionStorage.getItem(VERIFICATION_FLOW_KEY) ?? 'null');
  } catch {
    return undefined;
  }
  if (!flow || typeof flow !== 'object' || typeof flow.timestamp !== 'number') return undefined;
  const wellFormed =
    (flow.kind === 'sign-in' && typeof flow.flowId === 'string' && flow.flowId !== '') ||
    (flow.kind === 'registration' && typeof flow.userId === 'string' && flow.userId !== '');
  if (!wellFormed || now - flow.timestamp > FLOW_LIFETIME_SECONDS * 1000 || flow.timestamp > now) {
    clearVerificationFlow();
    return undefined;
  }
  return flow as StoredVerificationFlow;
}

export function clearVerificationFlow(): void {
  try {
    sessionStorage.removeItem(VERIFICATION_FLOW_KEY);
  } catch {
    // Nothing stored, nothing to clear.
  }
}

/**
 * A `next` target worth following after sign-in: a path of this site in the page language
 * (`/{lang}/…`), never another origin, never the verification screen itself.
 */
export function safeNextPath(
  lang: string,
  raw: string | null | undefined,
  origin: string,
): string | undefined {
  if (!raw?.startsWith(`/${lang}/`) || raw.includes('\\')) return undefined;
  try {
    const url = new URL(raw, origin);
    if (url.origin !== new URL(origin).origin) return undefined;
    if (!url.pathname.startsWith(`/${lang}/`) || url.pathname.startsWith(`/${lang}/mfa`)) {
      return undefined;
    }
    return url.pathname + url.search + url.hash;
  } catch {
    return undefined;
  }
}
