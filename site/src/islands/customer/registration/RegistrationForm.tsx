import { type FormEvent, useState } from 'react';
import { PORTAL_FINANCIAL_INSTITUTION } from '@contracts/identity/field-rules';
import { REGISTRATION_FIELDS } from '@contracts/identity/form-fields';
import { checkIdentityForm, registrationFormSchema } from '@contracts/identity/identity-forms';
import { SubmitButton } from '@site/ui/field/SubmitButton';
import { useFieldErrors } from '@site/ui/field/use-field-errors';
import { type IslandMessages, islandTranslator } from '../../messages';
import { AccountField, AddressFields, NewPasswordFields } from '../account/AccountFields';
import { callApi, stringOf } from '../account/account-api';
import { customerApi } from '../../api-client';
import { identityErrors, languageOf, rateLimitedText } from '../account/identity-words';
import { HoneypotField, useHoneypot } from '../account/HoneypotField';
import { storeVerificationFlow } from '../verification/verification-flow';
import { type FormMessage, RegistrationMessage } from './RegistrationMessage';
import { TermsField } from './TermsField';

interface Props {
  readonly lang: string;
  readonly messages: IslandMessages;
}

type TextName = keyof typeof REGISTRATION_FIELDS;
type FieldName = TextName | 'termsAccepted';
type Values = Record<TextName, string>;

const FIELD_ORDER: readonly FieldName[] = [
  ...(Object.keys(REGISTRATION_FIELDS) as TextName[]),
  'termsAccepted',
];

const EMPTY: Values = {
  firstName: '',
  lastName: '',
  dateOfBirth: '',
  financialInstitution: PORTAL_FINANCIAL_INSTITUTION,
  addressLine1: '',
  addressLine2: '',
  city: '',
  province: '',
  postalCode: '',
  country: 'Canada',
  phone: '',
  email: '',
  password: '',
  reenterPassword: '',
};

/** Registration (spec §2, §3): the profile and the account; the verification code follows. */
export default function RegistrationForm({ lang, messages }: Props) {
  const t = islandTranslator(messages);
  const language = languageOf(lang);
  const [values, setValues] = useState<Values>(EMPTY);
  const [termsAccepted, setTermsAccepted] = useState(false);
  const [website, honeypot] = useHoneypot('website', t('register.field.website'));
  const { errors, show, clear, reset } = useFieldErrors(FIELD_ORDER);
  const [formMessage, setFormMessage] = useState<FormMessage>();
  const [sending, setSending] = useState(false);

  function update(name: TextName, value: string) {
    setValues((current) => ({ ...current, [name]: value }));
    clear(name);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFormMessage(undefined);
    const result = checkIdentityForm(registrationFormSchema(new Date()), REGISTRATION_FIELDS, {
      ...values,
      termsAccepted,
      language,
    });
    if (!result.ok) {
      show(identityErrors(result.errors, FIELD_ORDER, language).byField);
      setFormMessage({ kind: 'fixFields' });
      return;
    }
    reset();
    setSending(true);
    try {
      const answer = await callApi((options) =>
        customerApi.POST('/api/banktech/account_creation', {
          ...options,
          body: { ...values, termsAccepted: result.value.termsAccepted, language, website },
        }),
      );
      const status = stringOf(answer.body.status);
      const userId = stringOf(answer.body.userId);
      if (answer.status === 201 && status === 'VERIFICATION_CODE_REQUIRED' && userId) {
        storeVerificationFlow({ kind: 'registration', userId, email: result.value.email });
        window.location.assign(`/${lang}/mfa`);
        return;
      }
      setSending(false);
      if (answer.status === 201 && status === 'ACCOUNT_EXISTS') {
        setFormMessage({ kind: 'accountExists' });
      } else if (answer.status === 400) {
        const { byField, other } = identityErrors(answer.body, FIELD_ORDER, language);
        show(byField);
        setFormMessage(other[0] ? { kind: 'text', text: other[0] } : { kind: 'fixFields' });
      } else {
        const text =
          answer.status === 429
            ? rateLimitedText(answer, language)
            : t('register.error.serverError');
        setFormMessage({ kind: 'text', text });
      }
    } catch {
      setSending(false);
      setFormMessage({ kind: 'text', text: t('register.error.serverError') });
    }
  }

  const fields = { values, errors, onChange: update, t };

  return (
    <form className="form form--wide" onSubmit={submit} noValidate>
      <RegistrationMessage message={formMessage} lang={lang} language={language} t={t} />

      <fieldset className="form-section">
        <legend>{t('register.section.personal')}</legend>
        <div className="field-grid">
          <AccountField name="firstName" {...fields} />
          <AccountField name="lastName" {...fields} />
          <AccountField name="dateOfBirth" {...fields} />
          <AccountField name="financialInstitution" disabled {...fields} />
          <AddressFields {...fields} />
          <AccountField name="phone" {...fields} />
        </div>
      </fieldset>

      <fieldset className="form-section">
        <legend>{t('register.section.account')}</legend>
        <AccountField name="email" {...fields} />
        <NewPasswordFields
          names={['password', 'reenterPassword']}
          labels={[t('register.field.password'), t('register.field.reenterPassword')]}
          {...fields}
        />
        <HoneypotField {...honeypot} />
        <TermsField
          lang={lang}
          checked={termsAccepted}
          error={errors.termsAccepted}
          t={t}
          onChange={(checked) => {
            setTermsAccepted(checked);
            clear('termsAccepted');
          }}
        />
      </fieldset>

      <p className="actions">
        <SubmitButton
          label={t('register.submit')}
          busyLabel={t('register.submitting')}
          busy={sending}
        />
      </p>
      <p className="form-note">
        {t('register.haveProfile')} <a href={`/${lang}/`}>{t('register.signIn')}</a>
      </p>
    </form>
  );
}
