import { type FormEvent, useEffect, useRef, useState } from 'react';
import { type IslandMessages, type IslandTranslate, islandTranslator } from './messages';
import {
  type ApiAnswer,
  firstErrorMessage,
  minutesUntil,
  postJson,
  storeVerificationFlow,
} from './VerificationCodeForm';
import { HoneypotField } from './HoneypotField';

interface Props {
  readonly lang: string;
  readonly messages: IslandMessages;
  /** Where to go once signed in, already checked by the page (a `/{lang}/…` path of this site). */
  readonly next?: string | undefined;
}

type FieldName = 'email' | 'password';
type Errors = Partial<Record<FieldName, string>>;

/** The spec's login messages (§8) for a refused password check. */
function passwordRefusal(t: IslandTranslate, answer: ApiAnswer): string {
  const { status, body, retryAfter } = answer;
  if (status === 429) return t('login.errorMessageRateLimited', { seconds: retryAfter || 60 });
  if (status === 400) return firstErrorMessage(body) ?? t('login.errorMessageBadRequest');
  if (status !== 200) return t('login.errorMessageInternal');
  switch (body.status) {
    case 'INVALID_CREDENTIALS':
    case 'FAILED':
      return t('login.errorMessage');
    case 'PASSWORD_EXPIRED':
      return t('login.errorMessagePasswordExpired');
    case 'PASSWORD_LOCKED_OUT':
      return t('login.errorMessageLockedOut', { minutes: minutesUntil(body.lockedUntil) });
    default:
      return t('login.errorMessageInternal');
  }
}

function setupRefusal(t: IslandTranslate, answer: ApiAnswer): string {
  if (answer.status === 404) return t('login.errorMessageUserNotFound');
  if (answer.status === 400) return t('login.errorMessageBadRequest');
  return t('login.errorMessageInternal');
}

export default function LoginForm({ lang, messages, next }: Props) {
  const t = islandTranslator(messages);
  const [values, setValues] = useState({ email: '', password: '' });
  // The honeypot: people never see it, so it stays empty unless a robot fills it.
  const [website, setWebsite] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState<string>();
  const [busy, setBusy] = useState(false);
  // Before the island runs, the form cannot be sent (it would go nowhere useful).
  const [ready, setReady] = useState(false);
  const busyRef = useRef(false);
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const errorRef = useRef<HTMLParagraphElement>(null);

  useEffect(() => setReady(true), []);

  function update(field: FieldName, value: string) {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  }

  function goToVerification() {
    window.location.assign(`/${lang}/mfa`);
  }

  function fail(message: string) {
    setFormError(message);
    window.requestAnimationFrame(() => errorRef.current?.focus());
  }

  async function signIn(email: string, password: string): Promise<boolean> {
    const started = await postJson('/api/auth/flows');
    const flowId = started.body.flowId;
    if (started.status !== 201 || typeof flowId !== 'string') {
      fail(
        started.status === 429
          ? t('login.errorMessageRateLimited', { seconds: started.retryAfter || 60 })
          : t('login.errorMessageInternal'),
      );
      return false;
    }
    const checked = await postJson(`/api/auth/flows/${encodeURIComponent(flowId)}/password`, {
      email,
      password,
      website,
    });
    if (checked.status === 200 && checked.body.status === 'OTP_REQUIRED') {
      storeVerificationFlow({ kind: 'sign-in', flowId, email, ...(next ? { next } : {}) });
      goToVerification();
      return true;
    }
    if (checked.status === 200 && checked.body.status === 'VERIFICATION_CODE_REQUIRED') {
      // An incomplete registration: a fresh verification code was mailed (spec §4).
      const setup = await postJson('/api/banktech/setup_mfa', { flowId });
      const userId = setup.body.userId;
      if (setup.status !== 200 || typeof userId !== 'string') {
        fail(setupRefusal(t, setup));
        return false;
      }
      storeVerificationFlow({ kind: 'registration', flowId, userId, email });
      goToVerification();
      return true;
    }
    if (checked.status === 400 && Array.isArray(checked.body.errors)) {
      const byField: Errors = {};
      for (const entry of checked.body.errors as { field?: unknown; message?: unknown }[]) {
        if ((entry.field === 'email' || entry.field === 'password') && !byField[entry.field]) {
          byField[entry.field] = typeof entry.message === 'string' ? entry.message : undefined;
        }
      }
      if (byField.email || byField.password) {
        setErrors(byField);
        return false;
      }
    }
    fail(passwordRefusal(t, checked));
    return false;
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busyRef.current) return;
    setFormError(undefined);
    const email = values.email.trim();
    const missing: Errors = {
      ...(email === '' ? { email: t('login.emailRequired') } : {}),
      ...(values.password === '' ? { password: t('login.passwordRequired') } : {}),
    };
    if (missing.email || missing.password) {
      setErrors(missing);
      (missing.email ? emailRef : passwordRef).current?.focus();
      return;
    }
    busyRef.current = true;
    setBusy(true);
    let leaving = false;
    try {
      leaving = await signIn(email, values.password);
    } catch {
      fail(t('login.errorMessageInternal'));
    } finally {
      if (!leaving) {
        busyRef.current = false;
        setBusy(false);
      }
    }
  }

  const field = (name: FieldName) => ({
    id: `login-${name}`,
    name,
    value: values[name],
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? `login-${name}-error` : undefined,
  });
  const error = (name: FieldName) =>
    errors[name] ? (
      <p id={`login-${name}-error`} className="field-error">
        {errors[name]}
      </p>
    ) : null;

  return (
    <form className="form login-form" method="post" onSubmit={submit} noValidate>
      {formError && (
        <p ref={errorRef} role="alert" className="form-error" tabIndex={-1}>
          {formError}
        </p>
      )}
      <div className="field">
        <label htmlFor="login-email">{t('login.email')}</label>
        <input
          {...field('email')}
          ref={emailRef}
          type="email"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          onChange={(e) => update('email', e.target.value)}
        />
        {error('email')}
      </div>
      <div className="field">
        <label htmlFor="login-password">{t('login.password')}</label>
        <input
          {...field('password')}
          ref={passwordRef}
          type="password"
          autoComplete="current-password"
          onChange={(e) => update('password', e.target.value)}
        />
        {error('password')}
      </div>
      <HoneypotField
        id="login-website"
        label={t('login.website')}
        value={website}
        onChange={setWebsite}
      />
      <p className="login-form__forgot">
        <a href={`/${lang}/forgot-password`}>{t('login.forgotPassword')}</a>
      </p>
      <p className="actions">
        <button
          type="submit"
          className="button button--primary login-form__submit"
          disabled={!ready || busy}
        >
          {busy ? t('login.submitting') : t('login.submit')}
        </button>
      </p>
      <p className="login-form__register">
        {t('login.noProfile')} <a href={`/${lang}/add-user`}>{t('login.register')}</a>
      </p>
      <p className="login-form__faq">
        <a href={`/${lang}/faq`}>{t('login.faq')}</a>
      </p>
    </form>
  );
}
