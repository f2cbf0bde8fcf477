import { type ChangeEvent, type FormEvent, useEffect, useRef, useState } from 'react';
import { RESEND_COOLDOWN_SECONDS } from '@contracts/identity/limits';
import { FieldFrame } from '@site/ui/field/FieldFrame';
import { SubmitButton } from '@site/ui/field/SubmitButton';
import { type IslandMessages, islandTranslator } from '../../messages';
import { customerApi } from '../../api-client';
import { callApi, firstErrorMessage } from '../account/account-api';
import { useSecondsUntil } from '../account/countdown';
import { cleanCode, codeLength, refusalMessage } from './code-rules';
import { NoFlow, SigningIn, Verified } from './VerificationOutcome';
import {
  clearVerificationFlow,
  readVerificationFlow,
  type StoredVerificationFlow,
  safeNextPath,
  storeVerificationFlow,
} from './verification-flow';

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

/**
 * The two-step verification screen (spec §2–§4): the sign-in code or the registration code
 * of the flow stored by the screen before, sent as soon as it is complete.
 */
export default function VerificationCodeForm({ lang, messages }: Props) {
  const t = islandTranslator(messages);
  const home = `/${lang}/`;
  const [phase, setPhase] = useState<Phase>({ name: 'loading' });
  const [code, setCode] = useState('');
  const [error, setError] = useState<string>();
  const [notice, setNotice] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [resendAt, setResendAt] = useState<number>();
  const secondsLeft = useSecondsUntil(resendAt);
  const busyRef = useRef(false);
  const inputRef = useRef<HTMLInputElement>(null);

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

  function refuse(message: string) {
    setError(message);
    // The whole code is selected, so typing the next attempt replaces it.
    window.requestAnimationFrame(() => {
      inputRef.current?.focus();
      inputRef.current?.select();
    });
  }

  /** Runs one call at a time; `work` answers true when the page is being left. */
  async function exclusively(work: () => Promise<boolean | undefined>, failure: () => void) {
    if (busyRef.current) return;
    busyRef.current = true;
    setBusy(true);
    setError(undefined);
    setNotice(undefined);
    let leaving: boolean | undefined = false;
    try {
      leaving = await work();
    } catch {
      failure();
    } finally {
      if (!leaving) {
        busyRef.current = false;
        setBusy(false);
      }
    }
  }

  const verify = (flow: StoredVerificationFlow, value: string) =>
    exclusively(
      () => (flow.kind === 'sign-in' ? verifySignIn(flow, value) : verifyRegistration(flow, value)),
      () => refuse(t('mfa.generalError')),
    );

  async function verifySignIn(flow: StoredVerificationFlow, otp: string): Promise<boolean> {
    const flowId = flow.flowId ?? '';
    const answer = await callApi((options) =>
      customerApi.POST('/api/auth/flows/{flowId}/otp', {
        ...options,
        params: { path: { flowId } },
        body: { otp },
      }),
    );
    if (answer.status === 200 && answer.body.status === 'COMPLETED') {
      setPhase({ name: 'signing-in' });
      const session = await callApi((options) =>
        customerApi.POST('/api/auth/session/initiate', { ...options, body: { flowId } }),
      );
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
    const answer = await callApi((options) =>
      customerApi.POST('/api/banktech/verify_user', {
        ...options,
        body: { user_id: flow.userId ?? '', verification_code: verificationCode },
      }),
    );
    if (answer.status === 200 && answer.body.status === 'ACCOUNT_OK') {
      clearVerificationFlow();
      setPhase({ name: 'verified' });
      return false;
    }
    refuse(refusalMessage(t, 'registration', answer));
    return false;
  }

  const resend = (flow: StoredVerificationFlow) =>
    secondsLeft > 0
      ? Promise.resolve()
      : exclusively(
          () => askForNewCode(flow),
          () => setError(t('mfa.resendError')),
        );

  async function askForNewCode(flow: StoredVerificationFlow): Promise<undefined> {
    const answer = await callApi((options) =>
      customerApi.POST('/api/banktech/verify_user', {
        ...options,
        body: { user_id: flow.userId ?? '', resend: true },
      }),
    );
    if (answer.status === 200 && answer.body.status === 'ACCOUNT_OK') {
      clearVerificationFlow();
      setPhase({ name: 'verified' });
    } else if (answer.status === 200) {
      const next = Date.now() + RESEND_COOLDOWN_SECONDS.verification * 1000;
      storeVerificationFlow({ ...flow, resendAvailableAt: next });
      setResendAt(next);
      setNotice(t('mfa.resent'));
      setCode('');
      inputRef.current?.focus();
    } else if (answer.status === 429) {
      const seconds = answer.retryAfter || RESEND_COOLDOWN_SECONDS.verification;
      setResendAt(Date.now() + seconds * 1000);
      setError(
        answer.body.reason === 'RESEND_COOLDOWN'
          ? t('mfa.resendCooldown', { seconds })
          : t('mfa.rateLimited', { seconds }),
      );
    } else {
      setError(firstErrorMessage(answer.body) ?? t('mfa.resendError'));
    }
    return undefined;
  }

  if (phase.name === 'loading') {
    return (
      <p className="mfa-loading" aria-busy="true">
        {t('mfa.loading')}
      </p>
    );
  }
  if (phase.name === 'missing') return <NoFlow home={home} t={t} />;
  if (phase.name === 'signing-in') return <SigningIn t={t} />;
  if (phase.name === 'verified') return <Verified home={home} t={t} />;

  const { flow } = phase;
  const length = codeLength(flow.kind);
  const signIn = flow.kind === 'sign-in';

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
      <FieldFrame
        id="verification-code"
        label={t('mfa.codeLabel')}
        hint={t(signIn ? 'mfa.codeHintSignIn' : 'mfa.codeHintRegistration')}
        error={error}
        hintAbove
        liveError
      >
        {(aria) => (
          <input
            {...aria}
            ref={inputRef}
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
          />
        )}
      </FieldFrame>
      {notice && (
        <p role="status" className="form-notice">
          {notice}
        </p>
      )}
      <p className="field-hint">{t('mfa.spamHint')}</p>
      <p className="actions">
        <SubmitButton label={t('mfa.submit')} busyLabel={t('mfa.verifying')} busy={busy} />
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
