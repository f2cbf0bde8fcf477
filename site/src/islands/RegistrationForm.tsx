import { type FormEvent, type ReactNode, useState } from 'react';
import { PORTAL_FINANCIAL_INSTITUTION, PROVINCES } from '@contracts/identity/field-rules';
import { REGISTRATION_FIELDS } from '@contracts/identity/form-fields';
import { checkIdentityForm, registrationFormSchema } from '@contracts/identity/identity-forms';
import { identityMessage } from '@contracts/identity/messages';
import {
  callApi,
  errorsByField,
  serverFieldErrors,
  type FieldErrors,
  focusFirstError,
  languageOf,
  PasswordRequirements,
  SelectField,
  stringOf,
  TextField,
} from './account-form';
import { type IslandMessages, islandTranslator } from './messages';

interface Props {
  readonly lang: string;
  readonly messages: IslandMessages;
}

type TextName = keyof typeof REGISTRATION_FIELDS;
type FieldName = TextName | 'termsAccepted';
type Values = Record<TextName, string>;

/** The key and shape the verification page (/{lang}/mfa) reads. */
export const VERIFICATION_FLOW_KEY = 'claims.verificationFlow';
export interface RegistrationVerificationFlow {
  readonly kind: 'registration';
  readonly userId: string;
  readonly email: string;
  readonly timestamp: number;
}

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

type FormMessage =
  | { readonly kind: 'fixFields' }
  | { readonly kind: 'accountExists' }
  | { readonly kind: 'text'; readonly text: string };

export default function RegistrationForm({ lang, messages }: Props) {
  const t = islandTranslator(messages);
  const language = languageOf(lang);
  const [values, setValues] = useState<Values>(EMPTY);
  const [termsAccepted, setTermsAccepted] = useState(false);
  // The honeypot: people never see it, so it stays empty unless a robot fills it.
  const [website, setWebsite] = useState('');
  const [errors, setErrors] = useState<FieldErrors<FieldName>>({});
  const [formMessage, setFormMessage] = useState<FormMessage>();
  const [sending, setSending] = useState(false);

  const check = () =>
    checkIdentityForm(registrationFormSchema(new Date()), REGISTRATION_FIELDS, {
      ...values,
      termsAccepted,
      language,
    });

  function update(name: TextName, value: string) {
    setValues((current) => ({ ...current, [name]: value }));
    setErrors((current) => ({ ...current, [name]: undefined }));
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFormMessage(undefined);
    const result = check();
    if (!result.ok) {
      const found = errorsByField(result.errors, FIELD_ORDER, language).byField;
      setErrors(found);
      setFormMessage({ kind: 'fixFields' });
      focusFirstError(FIELD_ORDER, found);
      return;
    }
    setErrors({});
    setSending(true);
    try {
      const answer = await callApi('POST', '/api/banktech/account_creation', {
        ...values,
        termsAccepted,
        language,
        website,
      });
      const status = stringOf(answer.body.status);
      const userId = stringOf(answer.body.userId);
      if (answer.status === 201 && status === 'VERIFICATION_CODE_REQUIRED' && userId) {
        const flow: RegistrationVerificationFlow = {
          kind: 'registration',
          userId,
          email: result.value.email,
          timestamp: Date.now(),
        };
        try {
          sessionStorage.setItem(VERIFICATION_FLOW_KEY, JSON.stringify(flow));
        } catch {
          // Storage refused (private mode, quota): the verification page says so.
        }
        window.location.assign(`/${lang}/mfa`);
        return;
      }
      setSending(false);
      if (answer.status === 201 && status === 'ACCOUNT_EXISTS') {
        setFormMessage({ kind: 'accountExists' });
        return;
      }
      if (answer.status === 400) {
        const { byField, other } = serverFieldErrors(answer.body, FIELD_ORDER, language);
        setErrors(byField);
        setFormMessage(other[0] ? { kind: 'text', text: other[0] } : { kind: 'fixFields' });
        focusFirstError(FIELD_ORDER, byField);
        return;
      }
      if (answer.status === 429) {
        setFormMessage({
          kind: 'text',
          text: identityMessage('rateLimited.tooManyRequests', language, {
            seconds: answer.retryAfter ?? 60,
          }),
        });
        return;
      }
      setFormMessage({ kind: 'text', text: t('register.error.serverError') });
    } catch {
      setSending(false);
      setFormMessage({ kind: 'text', text: t('register.error.serverError') });
    }
  }

  const text = (
    name: TextName,
    options: {
      type?: string;
      autoComplete?: string;
      hint?: string;
      required?: boolean;
      wide?: boolean;
      after?: ReactNode;
      inputMode?: 'numeric' | 'tel' | 'email' | 'text';
      disabled?: boolean;
    } = {},
  ) => (
    <TextField
      id={name}
      label={t(`register.field.${name}`)}
      hint={options.hint}
      error={errors[name]}
      type={options.type ?? 'text'}
      autoComplete={options.autoComplete}
      inputMode={options.inputMode}
      required={options.required ?? true}
      disabled={options.disabled}
      value={values[name]}
      onChange={(event) => update(name, event.target.value)}
      after={options.after}
      fieldClassName={options.wide ? 'field--full' : undefined}
    />
  );

  const [termsBefore, termsAfter] = t('register.terms.accept').split('{link}');

  return (
    <form className="form form--wide" onSubmit={submit} noValidate>
      {formMessage && (
        <div role="alert" className="form-error">
          {formMessage.kind === 'fixFields' && t('register.error.fixFields')}
          {formMessage.kind === 'text' && formMessage.text}
          {formMessage.kind === 'accountExists' && (
            <>
              {identityMessage('addUser.accountExists', language)}{' '}
              <a href={`/${lang}/`}>{t('register.signIn')}</a>
              {' · '}
              <a href={`/${lang}/forgot-password`}>{t('register.forgotPassword')}</a>
            </>
          )}
        </div>
      )}

      <fieldset className="form-section">
        <legend>{t('register.section.personal')}</legend>
        <div className="field-grid">
          {text('firstName', { autoComplete: 'given-name' })}
          {text('lastName', { autoComplete: 'family-name' })}
          {text('dateOfBirth', {
            autoComplete: 'bday',
            inputMode: 'numeric',
            hint: t('register.field.dateOfBirthHint'),
          })}
          {text('financialInstitution', {
            autoComplete: 'off',
            disabled: true,
            hint: t('register.field.financialInstitutionHint'),
          })}
          {text('addressLine1', {
            autoComplete: 'address-line1',
            hint: t('register.field.addressHint'),
            wide: true,
          })}
          {text('addressLine2', { autoComplete: 'address-line2', required: false, wide: true })}
          {text('city', { autoComplete: 'address-level2' })}
          <SelectField
            id="province"
            label={t('register.field.province')}
            error={errors.province}
            autoComplete="address-level1"
            required
            value={values.province}
            onChange={(event) => update('province', event.target.value)}
          >
            <option value="">{t('register.choose')}</option>
            {PROVINCES.map((code) => (
              <option key={code} value={code}>
                {t(`register.province.${code}`)}
              </option>
            ))}
          </SelectField>
          {text('postalCode', {
            autoComplete: 'postal-code',
            hint: t('register.field.postalCodeHint'),
          })}
          {text('country', { autoComplete: 'country-name' })}
          {text('phone', {
            type: 'tel',
            autoComplete: 'tel',
            inputMode: 'tel',
            hint: t('register.field.phoneHint'),
          })}
        </div>
      </fieldset>

      <fieldset className="form-section">
        <legend>{t('register.section.account')}</legend>
        {text('email', {
          type: 'email',
          autoComplete: 'email',
          inputMode: 'email',
          hint: t('register.field.emailHint'),
        })}
        {text('password', {
          type: 'password',
          autoComplete: 'new-password',
          after: <PasswordRequirements id="password-rules" password={values.password} t={t} />,
        })}
        {text('reenterPassword', { type: 'password', autoComplete: 'new-password' })}
        <div className="trap-field" aria-hidden="true">
          <label htmlFor="website">{t('register.field.website')}</label>
          <input
            id="website"
            name="website"
            type="text"
            tabIndex={-1}
            autoComplete="off"
            value={website}
            onChange={(event) => setWebsite(event.target.value)}
          />
        </div>
        <div className="field field--checkbox">
          <input
            id="termsAccepted"
            name="termsAccepted"
            type="checkbox"
            checked={termsAccepted}
            required
            aria-invalid={errors.termsAccepted ? true : undefined}
            aria-describedby={errors.termsAccepted ? 'termsAccepted-error' : undefined}
            onChange={(event) => {
              setTermsAccepted(event.target.checked);
              setErrors((current) => ({ ...current, termsAccepted: undefined }));
            }}
          />
          <label htmlFor="termsAccepted">
            {termsBefore}
            <a
              href={`/${lang}/declaration-and-authorization`}
              target="_blank"
              rel="noopener noreferrer"
            >
              {t('register.terms.link')}
              <span className="visually-hidden"> {t('register.terms.newTab')}</span>
            </a>
            {termsAfter}
          </label>
          {errors.termsAccepted && (
            <p id="termsAccepted-error" className="field-error">
              {errors.termsAccepted}
            </p>
          )}
        </div>
      </fieldset>

      <p className="actions">
        <button type="submit" className="button button--primary" disabled={sending}>
          {sending ? t('register.submitting') : t('register.submit')}
        </button>
      </p>
      <p className="form-note">
        {t('register.haveProfile')} <a href={`/${lang}/`}>{t('register.signIn')}</a>
      </p>
    </form>
  );
}
