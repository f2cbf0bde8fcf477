import { useEffect, useRef, useState } from 'react';
import createClient from 'openapi-fetch';
import type { paths } from '@contracts/api/openapi-types';
import { Dialog } from '@site/ui/dialog/Dialog';
import { ADMIN_TEXT, fill } from '../admin-text';

const CHECK_EVERY_MS = 60_000;
/** Staff spec §4: validate is not called again within 10 s. */
const REPEAT_GUARD_MS = 10_000;
const LOGOUT = '/api/auth/logout';
const ROLE_ENDED_PAGE = '/admin/error/403';
const text = ADMIN_TEXT.session;
/** The typed client without staffApi's refusals: here a 401 signs out and a 403 says why. */
const sessionApi = createClient<paths>({ credentials: 'same-origin' });

interface SessionStatus {
  readonly valid: boolean;
  readonly almostExpired: boolean;
  readonly expiresAt: string;
}

/**
 * The 4-hour staff session (staff spec §4): checked every minute, a warning in its last 10
 * minutes, and signed out when it ends, whichever tab the staff member is in.
 */
export default function StaffSessionWatch() {
  const [expiresAt, setExpiresAt] = useState<number>();
  const [warning, setWarning] = useState(false);
  const dismissed = useRef(false);
  const lastCheck = useRef(0);

  useEffect(() => {
    const leave = () => window.location.assign(LOGOUT);
    const check = async () => {
      const now = Date.now();
      if (now - lastCheck.current < REPEAT_GUARD_MS) return;
      lastCheck.current = now;
      try {
        const { data, response } = await sessionApi.GET('/api/auth/validate');
        if (response.status === 401) return leave();
        // The provider no longer vouches for the session (decision 118): say so, not sign out.
        if (response.status === 403) return window.location.assign(ROLE_ENDED_PAGE);
        if (!response.ok) return;
        // The document describes this answer in words only: the island names its fields.
        const status = data as unknown as SessionStatus;
        if (!status.valid) return leave();
        setExpiresAt(Date.parse(status.expiresAt));
        if (status.almostExpired && !dismissed.current) setWarning(true);
      } catch {
        // Offline for a moment: the next check decides.
      }
    };
    void check();
    const ticker = window.setInterval(() => void check(), CHECK_EVERY_MS);
    const onVisible = () => {
      if (document.visibilityState === 'visible') void check();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      window.clearInterval(ticker);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, []);

  // Signed out the moment the session ends, not up to a minute later.
  useEffect(() => {
    if (expiresAt === undefined) return undefined;
    const timer = window.setTimeout(
      () => window.location.assign(LOGOUT),
      Math.max(0, expiresAt - Date.now()),
    );
    return () => window.clearTimeout(timer);
  }, [expiresAt]);

  const minutes =
    expiresAt === undefined ? 0 : Math.max(1, Math.ceil((expiresAt - Date.now()) / 60_000));
  const close = () => {
    dismissed.current = true;
    setWarning(false);
  };
  return (
    <Dialog
      open={warning}
      title={text.warningTitle}
      onClose={close}
      describedBy="staff-session-text"
    >
      <p id="staff-session-text">{fill(text.warningText, { minutes })}</p>
      <div className="dialog__actions">
        <button type="button" className="button button--secondary" onClick={close}>
          {text.dismiss}
        </button>
        <a className="button button--primary" href={LOGOUT}>
          {text.signInAgain}
        </a>
      </div>
    </Dialog>
  );
}
