import { type FormEvent, useState } from 'react';
import { FORGOT_PASSWORD_FIELDS } from '@contracts/identity/form-fields';
import { checkIdentityForm, forgotPasswordFormSchema } from '@contracts/identity/identity-forms';
import { FormAlert } from '@site/ui/field/FormAlert';
import { SubmitButton } from '@site/ui/field/SubmitButton';
import { TextField } from '@site/ui/field/fields';
import { useFieldErrors } from '@site/ui/field/use-field-errors';
import { type IslandMessages, islandTranslator } from '../../messages';
import { callApi, stringOf } from '../account/account-api';
import { customerApi } from '../../api-client';
import { identityErrors, languageOf, rateLimitedText } from '../account/identity-words';
import { HoneypotField, useHoneypot } from '../account/HoneypotField';
import { resendTime, saveRecoveryFlow } from './recovery-flow';

interface Props {
  readonly lang: string;
  readonly messages: IslandMessages;
}

const FIELDS = ['email'] as const;

/** Forgot password (spec §2): an email, Continue and Cancel; the reset page comes next. */
export default function ForgotPasswordForm({ lang, messages }: Props) {
  const t = islandTranslator(messages);
  const language = languageOf(lang);
  const [email, setEmail] = useState('');
  const [website, honeypot] = useHoneypot('forgot-website', t('register.field.website'));
  const { errors, show, clear } = useFieldErrors(FIELDS);
  const [formError, setFormError] = useState<string>();
  const [sending, setSending] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFormError(undefined);
    const result = checkIdentityForm(forgotPasswordFormSchema(new Date()), FORGOT_PASSWORD_FIELDS, {
      email,
    });
    if (!result.ok) {
      show(identityErrors(result.errors, FIELDS, language).byField);
      return;
    }
    setSending(true);
    try {
      const answer = await callApi((options) =>
        customerApi.POST('/api/auth/recovery', { ...options, body: { email, website } }),
      );
      const flowId = stringOf(answer.body.flowId);
      if (answer.status === 201 && flowId) {
        saveRecoveryFlow({
          flowId,
          email: result.value.email,
          timestamp: Date.now(),
          resendAvailableAt: resendTime(answer.body.resendAvailableAt),
        });
        window.location.assign(`/${lang}/reset-password`);
        return;
      }
      setSending(false);
      if (answer.status === 400) {
        const { byField, other } = identityErrors(answer.body, FIELDS, language);
        show({ email: byField.email ?? t('reset.error.invalidEmail') });
        if (other[0]) setFormError(other[0]);
      } else {
        setFormError(
          answer.status === 429 ? rateLimitedText(answer, language) : t('reset.error.serverError'),
        );
      }
    } catch {
      setSending(false);
      setFormError(t('reset.error.serverError'));
    }
  }

  return (
    <form className="form" onSubmit={submit} noValidate>
      <FormAlert>{formError}</FormAlert>
      <TextField
        id="email"
        label={t('reset.field.email')}
        type="email"
        autoComplete="email"
        inputMode="email"
        required
        error={errors.email}
        value={email}
        onChange={(event) => {
          setEmail(event.target.value);
          clear('email');
        }}
      />
      <HoneypotField {...honeypot} />
      <p className="actions">
        <SubmitButton label={t('reset.continue')} busyLabel={t('reset.sending')} busy={sending} />
        <a className="button button--secondary" href={`/${lang}/`}>
          {t('reset.cancel')}
        </a>
      </p>
    </form>
  );
}
