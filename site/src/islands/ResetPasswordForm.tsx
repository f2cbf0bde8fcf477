import { type FormEvent, useEffect, useState } from 'react';
import { RESET_PASSWORD_FIELDS } from '@contracts/identity/form-fields';
import { checkIdentityForm, resetPasswordFormSchema } from '@contracts/identity/identity-forms';
import { identityMessage } from '@contracts/identity/messages';
import {
  callApi,
  serverFieldErrors,
  showFieldErrors,
  type FieldErrors,
  focusFirstError,
  languageOf,
  minutesAndSeconds,
  PasswordRequirements,
  stringOf,
  SuccessDialog,
  TextField,
  useSecondsUntil,
} from './account-form';
import { type IslandMessages, islandTranslator } from './messages';
import {
  clearRecoveryFlow,
  loadRecoveryFlow,
  type RecoveryFlow,
  resendTime,
  saveRecoveryFlow,
} from './recovery-flow';
import { storeVerificationFlow } from './VerificationCodeForm';

interface Props {
  readonly lang: string;
  readonly messages: IslandMessages;
}

type FieldName = keyof typeof RESET_PASSWORD_FIELDS;
const FIELDS = Object.keys(RESET_PASSWORD_FIELDS) as FieldName[];
const EMPTY: Record<FieldName, string> = { recoveryCode: '', newPassword: '', confirmPassword: '' };

type Stage =
  | { readonly kind: 'loading' }
  | { readonly kind: 'missing' }
  | { readonly kind: 'ready'; readonly flow: RecoveryFlow }
  | { readonly kind: 'done'; readonly next: string };

/**
 * Reset password (spec §2, §4): the recovery code, a new password and its confirmation,
 * Continue and Cancel, and a resend link with a 120 s cooldown. The flow id comes from the
 * forgot-password page through sessionStorage.
 */
export default function ResetPasswordForm({ lang, messages }: Props) {
  const t = islandTranslator(messages);
  const language = languageOf(lang);
  const [stage, setStage] = useState<Stage>({ kind: 'loading' });
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<FieldErrors<FieldName>>({});
  const [formError, setFormError] = useState<string>();
  const [sending, setSending] = useState(false);
  const [resending, setResending] = useState(false);
  const [resendNotice, setResendNotice] = useState<string>();

  useEffect(() => {
    const flow = loadRecoveryFlow();
    setStage(flow ? { kind: 'ready', flow } : { kind: 'missing' });
  }, []);

  const flow = stage.kind === 'ready' ? stage.flow : undefined;
  const secondsLeft = useSecondsUntil(flow?.resendAvailableAt);

  function lose() {
    clearRecoveryFlow();
    setStage({ kind: 'missing' });
  }

  function update(name: FieldName, value: string) {
    setValues((current) => ({ ...current, [name]: value }));
    setErrors((current) => ({ ...current, [name]: undefined }));
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!flow) return;
    setFormError(undefined);
    setResendNotice(undefined);
    const result = checkIdentityForm(
      resetPasswordFormSchema(new Date()),
      RESET_PASSWORD_FIELDS,
      values,
    );
    if (!result.ok) {
      showFieldErrors(result.errors, FIELDS, language, setErrors);
      return;
    }
    setSending(true);
    try {
      const answer = await callApi(
        'POST',
        `/api/auth/recovery/${encodeURIComponent(flow.flowId)}`,
        values,
      );
      setSending(false);
      const status = stringOf(answer.body.status);
      if (answer.status === 200 && status === 'COMPLETED') {
        clearRecoveryFlow();
        // Spec §3: sign-in goes on at the verification screen with the code just mailed.
        const signInFlow = stringOf(answer.body.flowId);
        if (signInFlow)
          storeVerificationFlow({ kind: 'sign-in', flowId: signInFlow, email: flow.email });
        setStage({ kind: 'done', next: signInFlow ? `/${lang}/mfa` : `/${lang}/` });
        return;
      }
      if (answer.status === 200 && status === 'FAILED') {
        lose();
        return;
      }
      if (answer.status === 400) {
        const { byField, other } = serverFieldErrors(answer.body, FIELDS, language);
        setErrors(byField);
        setFormError(other[0]);
        focusFirstError(FIELDS, byField);
        return;
      }
      if (answer.status === 429) {
        setFormError(
          identityMessage('rateLimited.tooManyRequests', language, {
            seconds: answer.retryAfter ?? 60,
          }),
        );
        return;
      }
      setFormError(t('reset.error.serverError'));
    } catch {
      setSending(false);
      setFormError(t('reset.error.serverError'));
    }
  }

  async function resend() {
    if (!flow || secondsLeft > 0) return;
    setFormError(undefined);
    setResendNotice(undefined);
    setResending(true);
    try {
      const answer = await callApi(
        'POST',
        `/api/auth/recovery/${encodeURIComponent(flow.flowId)}/resend`,
      );
      setResending(false);
      const status = stringOf(answer.body.status);
      if (answer.status === 200 && status === 'RECOVERY_CODE_REQUIRED') {
        const next = { ...flow, resendAvailableAt: resendTime(answer.body.resendAvailableAt) };
        saveRecoveryFlow(next);
        setStage({ kind: 'ready', flow: next });
        setResendNotice(t('reset.resent'));
        return;
      }
      if (answer.status === 200 && status === 'FAILED') {
        lose();
        return;
      }
      if (answer.status === 429) {
        const seconds = answer.retryAfter ?? 60;
        if (stringOf(answer.body.reason) === 'RESEND_COOLDOWN') {
          const next = { ...flow, resendAvailableAt: Date.now() + seconds * 1000 };
          saveRecoveryFlow(next);
          setStage({ kind: 'ready', flow: next });
          setResendNotice(identityMessage('rateLimited.resendCooldown', language, { seconds }));
        } else {
          setFormError(identityMessage('rateLimited.tooManyRequests', language, { seconds }));
        }
        return;
      }
      setFormError(t('reset.error.serverError'));
    } catch {
      setResending(false);
      setFormError(t('reset.error.serverError'));
    }
  }

  if (stage.kind === 'missing') {
    return (
      <div className="form">
        <p role="alert" className="form-error">
          {t('reset.error.noFlow')}
        </p>
        <p className="actions">
          <a className="button button--primary" href={`/${lang}/forgot-password`}>
            {t('reset.startAgain')}
          </a>
          <a className="button button--secondary" href={`/${lang}/`}>
            {t('reset.cancel')}
          </a>
        </p>
      </div>
    );
  }

  if (stage.kind === 'done') {
    return (
      <>
        <div className="panel">
          <p>{t('reset.success.message')}</p>
          <a className="button button--primary" href={stage.next}>
            {t('reset.success.button')}
          </a>
        </div>
        <SuccessDialog
          title={t('reset.success.title')}
          message={t('reset.success.message')}
          actionLabel={t('reset.success.button')}
          href={stage.next}
        />
      </>
    );
  }

  return (
    <form className="form" onSubmit={submit} noValidate aria-busy={stage.kind === 'loading'}>
      {flow && (
        <div className="banner banner--info">
          <p>{t('reset.codeSentTo', { email: flow.email })}</p>
          <p className="field-hint">{t('reset.spamHint')}</p>
        </div>
      )}
      {formError && (
        <p role="alert" className="form-error">
          {formError}
        </p>
      )}
      <TextField
        id="recoveryCode"
        label={t('reset.field.recoveryCode')}
        hint={t('reset.field.recoveryCodeHint')}
        autoComplete="one-time-code"
        autoCapitalize="characters"
        spellCheck={false}
        maxLength={6}
        required
        error={errors.recoveryCode}
        value={values.recoveryCode}
        onChange={(event) => update('recoveryCode', event.target.value)}
      />
      <div className="resend">
        <button
          type="button"
          className="link-button"
          onClick={resend}
          disabled={!flow || secondsLeft > 0 || resending}
        >
          {t('reset.resend')}
        </button>
        {secondsLeft > 0 && (
          <p className="field-hint">
            {t('reset.resendIn', { time: minutesAndSeconds(secondsLeft) })}
          </p>
        )}
        <p role="status" className="field-hint">
          {resendNotice}
        </p>
      </div>
      <TextField
        id="newPassword"
        label={t('reset.field.newPassword')}
        type="password"
        autoComplete="new-password"
        required
        error={errors.newPassword}
        value={values.newPassword}
        onChange={(event) => update('newPassword', event.target.value)}
        after={<PasswordRequirements id="password-rules" password={values.newPassword} t={t} />}
      />
      <TextField
        id="confirmPassword"
        label={t('reset.field.confirmPassword')}
        type="password"
        autoComplete="new-password"
        required
        error={errors.confirmPassword}
        value={values.confirmPassword}
        onChange={(event) => update('confirmPassword', event.target.value)}
      />
      <p className="actions">
        <button type="submit" className="button button--primary" disabled={!flow || sending}>
          {sending ? t('reset.sending') : t('reset.continue')}
        </button>
        <a
          className="button button--secondary"
          href={`/${lang}/`}
          onClick={() => clearRecoveryFlow()}
        >
          {t('reset.cancel')}
        </a>
      </p>
    </form>
  );
}
