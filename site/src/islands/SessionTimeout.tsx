import { useEffect, useRef, useState } from 'react';
import { customerApi } from './api-client';
import { SESSION_TIMEOUT } from '@contracts/identity/limits';
import { type IslandMessages, islandTranslator } from './messages';
import { clearVerificationFlow } from './customer/verification/verification-flow';
import { type SignOutReason, signedOutPath } from './customer/sign-in/signed-out-path';

interface Props {
  readonly lang: string;
  readonly messages: IslandMessages;
}

export type { SignOutReason };

/** localStorage keys, so every tab of the portal shares one idle clock. */
const LAST_ACTIVITY_KEY = 'claims-portal.session.last-activity';
const LAST_REFRESH_KEY = 'claims-portal.session.last-refresh';
const SIGNED_OUT_KEY = 'claims-portal.session.signed-out';

const WARN_AFTER_MS = SESSION_TIMEOUT.warnAfterIdleSeconds * 1000;
const SIGN_OUT_AFTER_MS =
  (SESSION_TIMEOUT.warnAfterIdleSeconds + SESSION_TIMEOUT.countdownSeconds) * 1000;
/**
 * The server ends a session idle for 780 s and a page view is no activity to it, so activity
 * here is reported with session/refresh, at most once a minute (trailing: the last activity
 * of a minute is always reported).
 */
const REFRESH_EVERY_MS = 60_000;
const SHARE_EVERY_MS = 5_000;
const ACTIVITY_EVENTS = ['pointerdown', 'pointermove', 'keydown', 'scroll', 'wheel', 'touchstart'];

function readTime(key: string): number {
  try {
    const value = Number(localStorage.getItem(key));
    return Number.isFinite(value) ? value : 0;
  } catch {
    return 0;
  }
}

function writeTime(key: string, value: number): void {
  try {
    localStorage.setItem(key, String(value));
  } catch {
    // Without storage each tab keeps its own clock.
  }
}

/** m:ss (spec §2). */
function formatCountdown(seconds: number): string {
  const whole = Math.max(0, Math.ceil(seconds));
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}

/** Ends the session on the server, forgets this tab's sign-in state and goes home. */
export async function signOut(lang: string, reason: SignOutReason): Promise<void> {
  try {
    // No body: the operation reads none (the typed client sends the CSRF header).
    await customerApi.POST('/api/auth/session/terminate', { keepalive: true });
  } catch {
    // The session cookie may outlive a failed call; the server still ends it when idle.
  }
  clearVerificationFlow();
  writeTime(SIGNED_OUT_KEY, Date.now());
  window.location.assign(signedOutPath(lang, reason, window.location, window.location.origin));
}

/**
 * The idle-session warning (spec §2, §4, §9): after 660 s without pointer, key or scroll
 * activity a modal dialog counts down 120 s; Extend refreshes the session, Log out or zero
 * ends it. Rendered for a signed-in customer only.
 */
export default function SessionTimeout({ lang, messages }: Props) {
  const t = islandTranslator(messages);
  const [open, setOpen] = useState(false);
  const [remaining, setRemaining] = useState<number>(SESSION_TIMEOUT.countdownSeconds);
  const [error, setError] = useState<string>();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const extendRef = useRef<HTMLButtonElement>(null);
  const openRef = useRef(false);
  const leavingRef = useRef(false);
  const lastActivity = useRef(Date.now());
  const lastShared = useRef(0);
  const refreshTimer = useRef<number | undefined>(undefined);

  function leave(reason: SignOutReason) {
    if (leavingRef.current) return;
    leavingRef.current = true;
    void signOut(lang, reason);
  }

  async function refreshNow(): Promise<boolean> {
    refreshTimer.current = undefined;
    writeTime(LAST_REFRESH_KEY, Date.now());
    try {
      const { response } = await customerApi.POST('/api/auth/session/refresh');
      // No live session any more (ended elsewhere or idle too long on the server).
      if (response.status === 401) leave('idle');
      return response.ok;
    } catch {
      return false;
    }
  }

  /** Activity: the idle clock restarts and the server hears of it within a minute. */
  function noteActivity(at: number) {
    lastActivity.current = at;
    if (at - lastShared.current >= SHARE_EVERY_MS) {
      lastShared.current = at;
      writeTime(LAST_ACTIVITY_KEY, at);
    }
    if (refreshTimer.current === undefined) {
      const delay = Math.max(0, readTime(LAST_REFRESH_KEY) + REFRESH_EVERY_MS - at);
      refreshTimer.current = window.setTimeout(() => void refreshNow(), delay);
    }
  }

  function showWarning() {
    openRef.current = true;
    setError(undefined);
    setOpen(true);
  }

  function hideWarning() {
    openRef.current = false;
    setOpen(false);
    const dialog = dialogRef.current;
    if (dialog?.open) dialog.close();
  }

  // The clocks: activity listeners, a once-a-second check, other tabs through storage events.
  // biome-ignore lint/correctness/useExhaustiveDependencies: set up once; the handlers read refs
  useEffect(() => {
    const onActivity = () => {
      if (!openRef.current && !leavingRef.current) noteActivity(Date.now());
    };
    const check = () => {
      if (leavingRef.current) return;
      const now = Date.now();
      const last = Math.max(lastActivity.current, readTime(LAST_ACTIVITY_KEY));
      const idle = now - last;
      if (idle >= SIGN_OUT_AFTER_MS) {
        leave('idle');
        return;
      }
      if (idle < WARN_AFTER_MS) {
        // Another tab was active or extended: this one's warning goes too.
        if (openRef.current) hideWarning();
        return;
      }
      setRemaining(Math.ceil((last + SIGN_OUT_AFTER_MS - now) / 1000));
      if (!openRef.current) showWarning();
    };
    const onStorage = (event: StorageEvent) => {
      if (event.key === SIGNED_OUT_KEY && event.newValue && !leavingRef.current) {
        leavingRef.current = true;
        window.location.assign(`/${lang}/?signedOut=user`);
      }
    };
    const onVisible = () => {
      if (document.visibilityState === 'visible') check();
    };

    noteActivity(Date.now()); // Opening a page is activity.
    for (const name of ACTIVITY_EVENTS) {
      window.addEventListener(name, onActivity, { passive: true, capture: true });
    }
    const ticker = window.setInterval(check, 1000);
    window.addEventListener('storage', onStorage);
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      for (const name of ACTIVITY_EVENTS) {
        window.removeEventListener(name, onActivity, { capture: true });
      }
      window.clearInterval(ticker);
      window.clearTimeout(refreshTimer.current);
      window.removeEventListener('storage', onStorage);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, []);

  // A modal dialog: the page behind is inert and focus moves to Extend.
  useEffect(() => {
    const dialog = dialogRef.current;
    if (!open || !dialog || dialog.open) return;
    if (typeof dialog.showModal === 'function') dialog.showModal();
    else dialog.setAttribute('open', '');
    extendRef.current?.focus();
  }, [open]);

  async function extend() {
    window.clearTimeout(refreshTimer.current);
    const ok = await refreshNow();
    if (leavingRef.current) return;
    if (!ok) {
      setError(t('session.extendError'));
      return;
    }
    const now = Date.now();
    lastActivity.current = now;
    lastShared.current = now;
    writeTime(LAST_ACTIVITY_KEY, now);
    hideWarning();
  }

  const urgent = remaining <= 30;
  return (
    <dialog
      ref={dialogRef}
      className="modal session-timeout"
      aria-modal="true"
      aria-labelledby="session-timeout-title"
      aria-describedby="session-timeout-message"
      // Escape means "not now": the customer is here, so the session is extended.
      onCancel={(event) => {
        event.preventDefault();
        void extend();
      }}
      // A dialog closed by the browser itself (a repeated Escape) is "not now" as well.
      onClose={() => {
        if (openRef.current && !leavingRef.current) void extend();
      }}
    >
      <h2 id="session-timeout-title">{t('session.timeoutTitle')}</h2>
      <p id="session-timeout-message">{t('session.timeoutMessage')}</p>
      <p className="session-timeout__countdown">
        {t('session.timeRemaining')}{' '}
        <span
          role="timer"
          className={urgent ? 'countdown countdown--urgent' : 'countdown'}
          aria-atomic="true"
        >
          {formatCountdown(remaining)}
        </span>
      </p>
      <p>{t('session.timeoutQuestion')}</p>
      {error && (
        <p role="alert" className="form-error">
          {error}
        </p>
      )}
      <p className="actions modal__actions">
        <button
          ref={extendRef}
          type="button"
          className="button button--primary"
          onClick={() => void extend()}
        >
          {t('session.extend')}
        </button>
        <button type="button" className="button button--secondary" onClick={() => leave('user')}>
          {t('session.logout')}
        </button>
      </p>
    </dialog>
  );
}
