import { type FormEvent, useEffect, useState } from 'react';
import { RESET_PASSWORD_FIELDS } from '@contracts/identity/form-fields';
import { checkIdentityForm, resetPasswordFormSchema } from '@contracts/identity/identity-forms';
import { FormAlert } from '@site/ui/field/FormAlert';
import { SubmitButton } from '@site/ui/field/SubmitButton';
import { TextField } from '@site/ui/field/fields';
import { useFieldErrors } from '@site/ui/field/use-field-errors';
import { type IslandMessages, islandTranslator } from '../../messages';
import { NewPasswordFields } from '../account/AccountFields';
import { callApi, stringOf } from '../account/account-api';
import { customerApi } from '../../api-client';
import { identityErrors, languageOf, rateLimitedText } from '../account/identity-words';
import { SuccessScreen } from '../account/SuccessDialog';
import { storeVerificationFlow } from '../verification/verification-flow';
import { clearRecoveryFlow, loadRecoveryFlow, type RecoveryFlow } from './recovery-flow';
import { ResendRecoveryCode } from './ResendRecoveryCode';

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
  const { errors, show, clear } = useFieldErrors(FIELDS);
  const [formError, setFormError] = useState<string>();
  const [sending, setSending] = useState(false);
  const [resendNotice, setResendNotice] = useState<string>();

  useEffect(() => {
    const flow = loadRecoveryFlow();
    setStage(flow ? { kind: 'ready', flow } : { kind: 'missing' });
  }, []);

  const flow = stage.kind === 'ready' ? stage.flow : undefined;

  function lose() {
    clearRecoveryFlow();
    setStage({ kind: 'missing' });
  }

  function update(name: FieldName, value: string) {
    setValues((current) => ({ ...current, [name]: value }));
    clear(name);
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
      show(identityErrors(result.errors, FIELDS, language).byField);
      return;
    }
    setSending(true);
    try {
      const answer = await callApi((options) =>
        customerApi.POST('/api/auth/recovery/{flowId}', {
          ...options,
          params: { path: { flowId: flow.flowId } },
          body: values,
        }),
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
        const { byField, other } = identityErrors(answer.body, FIELDS, language);
        show(byField);
        setFormError(other[0]);
        return;
      }
      setFormError(
        answer.status === 429 ? rateLimitedText(answer, language) : t('reset.error.serverError'),
      );
    } catch {
      setSending(false);
      setFormError(t('reset.error.serverError'));
    }
  }

  if (stage.kind === 'missing') {
    return (
      <div className="form">
        <FormAlert>{t('reset.error.noFlow')}</FormAlert>
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
      <SuccessScreen
        title={t('reset.success.title')}
        message={t('reset.success.message')}
        actionLabel={t('reset.success.button')}
        href={stage.next}
      />
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
      <FormAlert>{formError}</FormAlert>
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
      <ResendRecoveryCode
        flow={flow}
        language={language}
        t={t}
        onFlow={(next) => setStage({ kind: 'ready', flow: next })}
        onLost={lose}
        onError={setFormError}
        notice={resendNotice}
        onNotice={setResendNotice}
      />
      <NewPasswordFields
        names={['newPassword', 'confirmPassword']}
        labels={[t('reset.field.newPassword'), t('reset.field.confirmPassword')]}
        values={values}
        errors={errors}
        onChange={update}
        t={t}
      />
      <p className="actions">
        <SubmitButton
          label={t('reset.continue')}
          busyLabel={t('reset.sending')}
          busy={sending}
          disabled={!flow}
        />
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
