import { type ChangeEvent, type FormEvent, useEffect, useRef, useState } from 'react';
import { errorsByField, reportedFieldErrors } from '@site/ui/field/field-errors';
import { FormAlert } from '@site/ui/field/FormAlert';
import { SubmitButton } from '@site/ui/field/SubmitButton';
import { TextField } from '@site/ui/field/fields';
import { useFieldErrors } from '@site/ui/field/use-field-errors';
import { type IslandMessages, islandTranslator } from '../../messages';
import { customerApi } from '../../api-client';
import { callApi } from '../account/account-api';
import { HoneypotField, useHoneypot } from '../account/HoneypotField';
import { storeVerificationFlow } from '../verification/verification-flow';
import { passwordRefusal, setupRefusal, startRefusal } from './sign-in-refusals';

interface Props {
  readonly lang: string;
  readonly messages: IslandMessages;
  /** Where to go once signed in, already checked by the page (a `/{lang}/…` path of this site). */
  readonly next?: string | undefined;
}

type FieldName = 'email' | 'password';
const FIELDS: readonly FieldName[] = ['email', 'password'];
const idOf = (field: FieldName) => `login-${field}`;

/** Sign-in (spec §2): email and password; the one-time code follows on the verification screen. */
export default function LoginForm({ lang, messages, next }: Props) {
  const t = islandTranslator(messages);
  const [values, setValues] = useState({ email: '', password: '' });
  const [website, honeypot] = useHoneypot('login-website', t('login.website'));
  const { errors, show, clear } = useFieldErrors(FIELDS, idOf);
  const [formError, setFormError] = useState<string>();
  const [busy, setBusy] = useState(false);
  // Before the island runs, the form cannot be sent (it would go nowhere useful).
  const [ready, setReady] = useState(false);
  const busyRef = useRef(false);
  const errorRef = useRef<HTMLParagraphElement>(null);

  useEffect(() => setReady(true), []);

  function update(field: FieldName, value: string) {
    setValues((current) => ({ ...current, [field]: value }));
    clear(field);
  }

  function goToVerification() {
    window.location.assign(`/${lang}/mfa`);
  }

  function fail(message: string) {
    setFormError(message);
    window.requestAnimationFrame(() => errorRef.current?.focus());
  }

  async function signIn(email: string, password: string): Promise<boolean> {
    const started = await callApi((options) => customerApi.POST('/api/auth/flows', { ...options }));
    const flowId = started.body.flowId;
    if (started.status !== 201 || typeof flowId !== 'string') {
      fail(startRefusal(t, started));
      return false;
    }
    const checked = await callApi((options) =>
      customerApi.POST('/api/auth/flows/{flowId}/password', {
        ...options,
        params: { path: { flowId } },
        body: { email, password, website },
      }),
    );
    if (checked.status === 200 && checked.body.status === 'OTP_REQUIRED') {
      storeVerificationFlow({ kind: 'sign-in', flowId, email, ...(next ? { next } : {}) });
      goToVerification();
      return true;
    }
    if (checked.status === 200 && checked.body.status === 'VERIFICATION_CODE_REQUIRED') {
      // An incomplete registration: a fresh verification code was mailed (spec §4).
      const setup = await callApi((options) =>
        customerApi.POST('/api/banktech/setup_mfa', { ...options, body: { flowId } }),
      );
      const userId = setup.body.userId;
      if (setup.status !== 200 || typeof userId !== 'string') {
        fail(setupRefusal(t, setup));
        return false;
      }
      storeVerificationFlow({ kind: 'registration', flowId, userId, email });
      goToVerification();
      return true;
    }
    if (checked.status === 400) {
      // Only errors the server put in words go under a field; anything else is the form's.
      const worded = reportedFieldErrors(checked.body).filter((error) => error.message);
      if (show(errorsByField(worded, FIELDS, (error) => error.message).byField)) return false;
    }
    fail(passwordRefusal(t, checked));
    return false;
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busyRef.current) return;
    setFormError(undefined);
    const email = values.email.trim();
    const missing = {
      ...(email === '' ? { email: t('login.emailRequired') } : {}),
      ...(values.password === '' ? { password: t('login.passwordRequired') } : {}),
    };
    if (show(missing)) return;
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
    id: idOf(name),
    name,
    label: t(`login.${name}`),
    error: errors[name],
    value: values[name],
    onChange: (event: ChangeEvent<HTMLInputElement>) => update(name, event.target.value),
  });

  return (
    <form className="form login-form" method="post" onSubmit={submit} noValidate>
      <FormAlert focusRef={errorRef}>{formError}</FormAlert>
      <TextField
        {...field('email')}
        type="email"
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
      />
      <TextField {...field('password')} type="password" autoComplete="current-password" />
      <HoneypotField {...honeypot} />
      <p className="login-form__forgot">
        <a href={`/${lang}/forgot-password`}>{t('login.forgotPassword')}</a>
      </p>
      <p className="actions">
        <SubmitButton
          label={t('login.submit')}
          busyLabel={t('login.submitting')}
          busy={busy}
          disabled={!ready}
          className="login-form__submit"
        />
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
