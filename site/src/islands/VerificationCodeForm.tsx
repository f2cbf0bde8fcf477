import { type ChangeEvent, type FormEvent, useEffect, useRef, useState } from 'react';
import { SIGN_IN_CODE, VERIFICATION_CODE } from '@contracts/identity/field-rules';
import { FLOW_LIFETIME_SECONDS, RESEND_COOLDOWN_SECONDS } from '@contracts/identity/limits';
import { csrfHeaders } from './csrf';
import { type IslandMessages, type IslandTranslate, islandTranslator } from './messages';

/* ---------- The stored verification flow (spec §3, §4): shared by the screens that lead here ---------- */

/** sessionStorage key of the flow the two-step verification screen completes. */
/** The same key as RegistrationForm's (which stores `{kind: 'registration', userId, email, timestamp}`). */
export const VERIFICATION_FLOW_KEY = 'claims.verificationFlow';

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

/* ---------- Calls ---------- */

export interface ApiAnswer {
  readonly status: number;
  readonly body: Readonly<Record<string, unknown>>;
  /** Seconds from Retry-After (429), else 0. */
  readonly retryAfter: number;
}

/** A same-origin JSON POST with the CSRF header; never throws on an HTTP error, only on the network. */
export async function postJson(url: string, payload: unknown = {}): Promise<ApiAnswer> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...csrfHeaders() },
    body: JSON.stringify(payload),
    credentials: 'same-origin',
  });
  let body: Record<string, unknown> = {};
  try {
    const parsed: unknown = await response.json();
    if (parsed && typeof parsed === 'object') body = parsed as Record<string, unknown>;
  } catch {
    // No body (204) or not JSON: the status says enough.
  }
  const retryAfter = Number(response.headers.get('retry-after'));
  return {
    status: response.status,
    body,
    retryAfter: Number.isFinite(retryAfter) && retryAfter > 0 ? Math.ceil(retryAfter) : 0,
  };
}

/** The first field error's words, in the caller's language, when the server sent them. */
export function firstErrorMessage(body: Readonly<Record<string, unknown>>): string | undefined {
  const errors = body.errors;
  if (!Array.isArray(errors)) return undefined;
  const message = (errors[0] as { message?: unknown } | undefined)?.message;
  return typeof message === 'string' && message !== '' ? message : undefined;
}

function firstErrorReason(body: Readonly<Record<string, unknown>>): unknown {
  const errors = body.errors;
  if (!Array.isArray(errors)) return undefined;
  return (errors[0] as { params?: { reason?: unknown } } | undefined)?.params?.reason;
}

/** Whole minutes left until an ISO instant, at least 1. */
export function minutesUntil(iso: unknown, now = Date.now()): number {
  const end = typeof iso === 'string' ? Date.parse(iso) : Number.NaN;
  return Number.isFinite(end) ? Math.max(1, Math.ceil((end - now) / 60_000)) : 15;
}

/* ---------- The screen ---------- */

interface Props {
  readonly lang: string;
  readonly messages: IslandMessages;
}

type Phase =
  | { readonly name: 'loading' }
  | { readonly name: 'missing' }
  | { readonly name: 'entry'; readonly flow: StoredVerificationFlow }
  | { readonly name: 'signing-in' }
  | { readonly name: 'verified' };

const codeLength = (kind: VerificationFlowKind) =>
  kind === 'sign-in' ? SIGN_IN_CODE.length : VERIFICATION_CODE.length;

/** What the field keeps of what was typed or pasted: digits for sign-in, lower-case letters and digits for registration. */
function cleanCode(kind: VerificationFlowKind, typed: string): string {
  const kept =
    kind === 'sign-in'
      ? typed.replace(/\D/g, '')
      : typed.replace(/[^A-Za-z0-9]/g, '').toLowerCase();
  return kept.slice(0, codeLength(kind));
}

function refusalMessage(t: IslandTranslate, kind: VerificationFlowKind, answer: ApiAnswer): string {
  const { status, body, retryAfter } = answer;
  if (status === 429) return t('mfa.rateLimited', { seconds: retryAfter || 60 });
  if (status === 400) {
    // A refused code names why (wrong, or expired and used up); other 400s are the code's form.
    const reason = firstErrorReason(body);
    if (reason === 'CODE_EXPIRED') {
      return t(kind === 'sign-in' ? 'mfa.codeExpiredSignIn' : 'mfa.codeExpiredRegistration');
    }
    if (reason === 'WRONG_CODE') return t('mfa.invalidCode');
    return (
      firstErrorMessage(body) ??
      t(kind === 'sign-in' ? 'mfa.invalidFormatSignIn' : 'mfa.invalidFormatRegistration')
    );
  }
  if (body.status === 'PASSWORD_LOCKED_OUT') {
    return t('mfa.lockedOut', { minutes: minutesUntil(body.lockedUntil) });
  }
  return firstErrorMessage(body) ?? t('mfa.generalError');
}

export default function VerificationCodeForm({ lang, messages }: Props) {
  const t = islandTranslator(messages);
  const home = `/${lang}/`;
  const [phase, setPhase] = useState<Phase>({ name: 'loading' });
  const [code, setCode] = useState('');
  const [error, setError] = useState<string>();
  const [notice, setNotice] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [resendAt, setResendAt] = useState(0);
  const [now, setNow] = useState(() => Date.now());
  const busyRef = useRef(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const dialogRef = useRef<HTMLDialogElement>(null);
  const dialogButtonRef = useRef<HTMLAnchorElement>(null);

  // The flow lives in this tab's storage, so it is read once the island runs in the browser.
  useEffect(() => {
    const flow = readVerificationFlow();
    if (!flow) {
      setPhase({ name: 'missing' });
      return;
    }
    setResendAt(
      flow.resendAvailableAt ?? flow.timestamp + RESEND_COOLDOWN_SECONDS.verification * 1000,
    );
    setPhase({ name: 'entry', flow });
  }, []);

  // The resend cooldown counts down once a second while it runs.
  useEffect(() => {
    if (resendAt <= Date.now()) return;
    const timer = window.setInterval(() => {
      const current = Date.now();
      setNow(current);
      if (current >= resendAt) window.clearInterval(timer);
    }, 1000);
    setNow(Date.now());
    return () => window.clearInterval(timer);
  }, [resendAt]);

  // The success message is a modal dialog (spec §2); focus goes to its only button.
  useEffect(() => {
    const dialog = dialogRef.current;
    if (phase.name !== 'verified' || !dialog || dialog.open) return;
    if (typeof dialog.showModal === 'function') dialog.showModal();
    else dialog.setAttribute('open', '');
    dialogButtonRef.current?.focus();
  }, [phase.name]);

  function refuse(message: string) {
    setError(message);
    // The whole code is selected, so typing the next attempt replaces it.
    window.requestAnimationFrame(() => {
      inputRef.current?.focus();
      inputRef.current?.select();
    });
  }

  async function verify(flow: StoredVerificationFlow, value: string) {
    if (busyRef.current) return;
    busyRef.current = true;
    setBusy(true);
    setError(undefined);
    setNotice(undefined);
    let leaving = false;
    try {
      if (flow.kind === 'sign-in') {
        leaving = await verifySignIn(flow, value);
      } else {
        leaving = await verifyRegistration(flow, value);
      }
    } catch {
      refuse(t('mfa.generalError'));
    } finally {
      if (!leaving) {
        busyRef.current = false;
        setBusy(false);
      }
    }
  }

  /** True when the page is being left (signed in). */
  async function verifySignIn(flow: StoredVerificationFlow, otp: string): Promise<boolean> {
    const flowId = flow.flowId ?? '';
    const answer = await postJson(`/api/auth/flows/${encodeURIComponent(flowId)}/otp`, { otp });
    if (answer.status === 200 && answer.body.status === 'COMPLETED') {
      setPhase({ name: 'signing-in' });
      const session = await postJson('/api/auth/session/initiate', { flowId });
      if (session.status !== 200) {
        setPhase({ name: 'entry', flow });
        refuse(t('mfa.generalError'));
        return false;
      }
      clearVerificationFlow();
      window.location.assign(
        safeNextPath(lang, flow.next, window.location.origin) ?? `/${lang}/dashboard`,
      );
      return true;
    }
    if (answer.status === 200 && answer.body.status === 'FAILED') {
      // The flow is unknown, spent or past its 30 minutes: only a new sign-in helps.
      clearVerificationFlow();
      setPhase({ name: 'missing' });
      return false;
    }
    refuse(refusalMessage(t, 'sign-in', answer));
    return false;
  }

  async function verifyRegistration(flow: StoredVerificationFlow, verificationCode: string) {
    const answer = await postJson('/api/banktech/verify_user', {
      user_id: flow.userId,
      verification_code: verificationCode,
    });
    if (answer.status === 200 && answer.body.status === 'ACCOUNT_OK') {
      clearVerificationFlow();
      setPhase({ name: 'verified' });
      return false;
    }
    refuse(refusalMessage(t, 'registration', answer));
    return false;
  }

  async function resend(flow: StoredVerificationFlow) {
    if (busyRef.current || resendAt > Date.now()) return;
    busyRef.current = true;
    setBusy(true);
    setError(undefined);
    setNotice(undefined);
    try {
      const answer = await postJson('/api/banktech/verify_user', {
        user_id: flow.userId,
        resend: true,
      });
      if (answer.status === 200 && answer.body.status === 'ACCOUNT_OK') {
        clearVerificationFlow();
        setPhase({ name: 'verified' });
        return;
      }
      if (answer.status === 200) {
        const next = Date.now() + RESEND_COOLDOWN_SECONDS.verification * 1000;
        storeVerificationFlow({ ...flow, resendAvailableAt: next });
        setResendAt(next);
        setNotice(t('mfa.resent'));
        setCode('');
        inputRef.current?.focus();
        return;
      }
      if (answer.status === 429) {
        const seconds = answer.retryAfter || RESEND_COOLDOWN_SECONDS.verification;
        setResendAt(Date.now() + seconds * 1000);
        setError(
          answer.body.reason === 'RESEND_COOLDOWN'
            ? t('mfa.resendCooldown', { seconds })
            : t('mfa.rateLimited', { seconds }),
        );
        return;
      }
      setError(firstErrorMessage(answer.body) ?? t('mfa.resendError'));
    } catch {
      setError(t('mfa.resendError'));
    } finally {
      busyRef.current = false;
      setBusy(false);
    }
  }

  if (phase.name === 'loading') {
    return (
      <p className="mfa-loading" aria-busy="true">
        {t('mfa.loading')}
      </p>
    );
  }

  if (phase.name === 'missing') {
    return (
      <div className="mfa-missing">
        <p role="alert" className="form-error">
          {t('mfa.noFlow')}
        </p>
        <p className="actions">
          <a className="button button--primary" href={home}>
            {t('mfa.backHome')}
          </a>
        </p>
      </div>
    );
  }

  if (phase.name === 'signing-in') {
    return (
      <p role="status" className="mfa-status">
        {t('mfa.signingIn')}
      </p>
    );
  }

  if (phase.name === 'verified') {
    return (
      <>
        <div className="mfa-verified" role="status">
          <p>{t('mfa.successMessage')}</p>
          <p>
            <a className="button button--primary" href={home}>
              {t('mfa.successButton')}
            </a>
          </p>
        </div>
        <dialog
          ref={dialogRef}
          className="modal"
          aria-modal="true"
          aria-labelledby="mfa-success-title"
          aria-describedby="mfa-success-message"
        >
          <h2 id="mfa-success-title">{t('mfa.successTitle')}</h2>
          <p id="mfa-success-message">{t('mfa.successMessage')}</p>
          <p className="actions modal__actions">
            <a ref={dialogButtonRef} className="button button--primary" href={home}>
              {t('mfa.successButton')}
            </a>
          </p>
        </dialog>
      </>
    );
  }

  const { flow } = phase;
  const length = codeLength(flow.kind);
  const signIn = flow.kind === 'sign-in';
  const secondsLeft = Math.max(0, Math.ceil((resendAt - now) / 1000));

  function change(event: ChangeEvent<HTMLInputElement>) {
    const value = cleanCode(flow.kind, event.target.value);
    setCode(value);
    setError(undefined);
    // The code is sent as soon as it is complete (spec §2).
    if (value.length === length) void verify(flow, value);
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (code === '') {
      refuse(t('mfa.required'));
      return;
    }
    if (code.length !== length) {
      refuse(t(signIn ? 'mfa.invalidFormatSignIn' : 'mfa.invalidFormatRegistration'));
      return;
    }
    void verify(flow, code);
  }

  return (
    <form className="form mfa-form" onSubmit={submit} noValidate>
      <p className="mfa-intro">
        {signIn
          ? flow.email
            ? t('mfa.introSignIn', { email: flow.email })
            : t('mfa.introSignInNoEmail')
          : t('mfa.introRegistration')}
      </p>
      <div className="field">
        <label htmlFor="verification-code">{t('mfa.codeLabel')}</label>
        <p id="verification-code-hint" className="field-hint">
          {t(signIn ? 'mfa.codeHintSignIn' : 'mfa.codeHintRegistration')}
        </p>
        <input
          ref={inputRef}
          id="verification-code"
          name="code"
          className="code-input"
          value={code}
          onChange={change}
          inputMode={signIn ? 'numeric' : 'text'}
          autoComplete="one-time-code"
          autoCapitalize="none"
          autoCorrect="off"
          spellCheck={false}
          pattern={signIn ? '[0-9]*' : undefined}
          size={length + 2}
          // biome-ignore lint/a11y/noAutofocus: the code is the only thing this screen asks for
          autoFocus
          readOnly={busy}
          aria-invalid={error ? true : undefined}
          aria-describedby={
            error ? 'verification-code-hint verification-code-error' : 'verification-code-hint'
          }
        />
        {error && (
          <p id="verification-code-error" className="field-error" role="alert">
            {error}
          </p>
        )}
      </div>
      {notice && (
        <p role="status" className="form-notice">
          {notice}
        </p>
      )}
      <p className="field-hint">{t('mfa.spamHint')}</p>
      <p className="actions">
        <button type="submit" className="button button--primary" disabled={busy}>
          {busy ? t('mfa.verifying') : t('mfa.submit')}
        </button>
      </p>
      {!signIn && (
        <p className="mfa-resend">
          <button
            type="button"
            className="link-button"
            onClick={() => void resend(flow)}
            disabled={busy || secondsLeft > 0}
          >
            {t('mfa.resend')}
          </button>
          {secondsLeft > 0 && (
            <span className="field-hint">{t('mfa.resendIn', { seconds: secondsLeft })}</span>
          )}
        </p>
      )}
      <p className="mfa-try-again">
        {t('mfa.tryAgainPrompt')} <a href={home}>{t('mfa.tryAgain')}</a>
      </p>
    </form>
  );
}
