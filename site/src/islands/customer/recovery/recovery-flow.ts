import { FLOW_LIFETIME_SECONDS, RESEND_COOLDOWN_SECONDS } from '@contracts/identity/limits';

/** The password-recovery flow, kept in sessionStorage between the forgot and reset pages. */
const RECOVERY_FLOW_KEY = 'claims.recoveryFlow';

export interface RecoveryFlow {
  readonly flowId: string;
  readonly email: string;
  /** When the flow started (epoch ms); it lives 30 minutes. */
  readonly timestamp: number;
  /** When a new code may be asked for (epoch ms). */
  readonly resendAvailableAt: number;
}

export function saveRecoveryFlow(flow: RecoveryFlow): void {
  sessionStorage.setItem(RECOVERY_FLOW_KEY, JSON.stringify(flow));
}

export function clearRecoveryFlow(): void {
  sessionStorage.removeItem(RECOVERY_FLOW_KEY);
}

/** The stored flow, unless missing, malformed or older than the flow lifetime. */
export function loadRecoveryFlow(now = Date.now()): RecoveryFlow | undefined {
  let stored: unknown;
  try {
    stored = JSON.parse(sessionStorage.getItem(RECOVERY_FLOW_KEY) ?? 'null');
  } catch {
    return undefined;
  }
  if (stored === null || typeof stored !== 'object') return undefined;
  const { flowId, email, timestamp, resendAvailableAt } = stored as Record<string, unknown>;
  if (typeof flowId !== 'string' || flowId === '' || typeof timestamp !== 'number') {
    return undefined;
  }
  if (now - timestamp > FLOW_LIFETIME_SECONDS * 1000) {
    clearRecoveryFlow();
    return undefined;
  }
  return {
    flowId,
    email: typeof email === 'string' ? email : '',
    timestamp,
    resendAvailableAt:
      typeof resendAvailableAt === 'number'
        ? resendAvailableAt
        : timestamp + RESEND_COOLDOWN_SECONDS.recovery * 1000,
  };
}

/** The server's `resendAvailableAt` (ISO) as epoch ms, or the cooldown from now. */
export function resendTime(iso: unknown, now = Date.now()): number {
  const parsed = typeof iso === 'string' ? Date.parse(iso) : Number.NaN;
  return Number.isFinite(parsed) ? parsed : now + RESEND_COOLDOWN_SECONDS.recovery * 1000;
}
