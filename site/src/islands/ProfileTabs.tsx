import {
  type FormEvent,
  type KeyboardEvent,
  type ReactNode,
  useEffect,
  useRef,
  useState,
} from 'react';
import { PROVINCES } from '@contracts/identity/field-rules';
import { PASSWORD_CHANGE_FIELDS, PROFILE_UPDATE_FIELDS } from '@contracts/identity/form-fields';
import {
  checkIdentityForm,
  passwordChangeFormSchema,
  profileUpdateFormSchema,
} from '@contracts/identity/identity-forms';
import { identityMessage } from '@contracts/identity/messages';
import type { CustomerProfile } from '@contracts/identity/profile';
import {
  type ApiAnswer,
  callApi,
  serverFieldErrors,
  showFieldErrors,
  type FieldErrors,
  focusFirstError,
  type Language,
  languageOf,
  PasswordRequirements,
  SelectField,
  SuccessDialog,
  TextField,
} from './account-form';
import { type IslandMessages, type IslandTranslate, islandTranslator } from './messages';

interface Props {
  readonly lang: string;
  readonly messages: IslandMessages;
  readonly profile: CustomerProfile;
}

type Tab = 'personal' | 'account';
const TABS: readonly Tab[] = ['personal', 'account'];

type ProfileField = keyof typeof PROFILE_UPDATE_FIELDS;
type PasswordField = keyof typeof PASSWORD_CHANGE_FIELDS;
const PROFILE_FIELDS = Object.keys(PROFILE_UPDATE_FIELDS) as ProfileField[];
const PASSWORD_FIELDS = Object.keys(PASSWORD_CHANGE_FIELDS) as PasswordField[];
const NO_PASSWORDS: Record<PasswordField, string> = {
  currentPassword: '',
  newPassword: '',
  confirmPassword: '',
};

/** How long the success banner stays after an update (spec §9). */
const BANNER_MS = 5000;

/** Stored digits shown the North American way: 514-555-0100 or 1-418-555-0199. */
function phoneText(digits: string): string {
  const match = /^(1?)(\d{3})(\d{3})(\d{4})$/.exec(digits);
  if (!match) return digits;
  const [, one, area, exchange, line] = match;
  return `${one ? `${one}-` : ''}${area}-${exchange}-${line}`;
}

function editableOf(profile: CustomerProfile): Record<ProfileField, string> {
  return {
    dateOfBirth: profile.dateOfBirth,
    addressLine1: profile.addressLine1,
    addressLine2: profile.addressLine2,
    city: profile.city,
    province: profile.province,
    postalCode: profile.postalCode,
    country: profile.country,
    phone: phoneText(profile.phone),
  };
}

function isProfile(value: unknown): value is CustomerProfile {
  return (
    value !== null &&
    typeof value === 'object' &&
    typeof (value as CustomerProfile).email === 'string' &&
    typeof (value as CustomerProfile).firstName === 'string'
  );
}

/** 401 or 403: the session is gone or the call not allowed; the spec signs the user out. */
function signedOut(answer: ApiAnswer, lang: string): boolean {
  if (answer.status !== 401 && answer.status !== 403) return false;
  window.location.assign(`/${lang}/?next=/${lang}/profile`);
  return true;
}

function rateLimitedText(answer: ApiAnswer, language: Language): string {
  return identityMessage('rateLimited.tooManyRequests', language, {
    seconds: answer.retryAfter ?? 60,
  });
}

function Details({ rows }: { readonly rows: readonly (readonly [string, ReactNode])[] }) {
  return (
    <dl className="details-list">
      {rows.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * The profile (spec §2, §4): two tabs, each with a read view and an edit mode with Save and
 * Cancel; switching tabs cancels editing. A success banner shows for 5 s after an update;
 * a password change signs the user out everywhere.
 */
export default function ProfileTabs({ lang, messages, profile: initialProfile }: Props) {
  const t = islandTranslator(messages);
  const language = languageOf(lang);
  const [profile, setProfile] = useState(initialProfile);
  const [tab, setTab] = useState<Tab>('personal');
  const [editing, setEditing] = useState(false);
  const [values, setValues] = useState(() => editableOf(initialProfile));
  const [passwords, setPasswords] = useState(NO_PASSWORDS);
  const [errors, setErrors] = useState<FieldErrors<ProfileField | PasswordField>>({});
  const [formError, setFormError] = useState<string>();
  const [sending, setSending] = useState(false);
  const [banner, setBanner] = useState<string>();
  const [passwordChanged, setPasswordChanged] = useState(false);
  const tabRefs = useRef<Record<Tab, HTMLButtonElement | null>>({ personal: null, account: null });
  const panelRef = useRef<HTMLDivElement>(null);
  const editButtonRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!banner) return;
    const timer = setTimeout(() => setBanner(undefined), BANNER_MS);
    return () => clearTimeout(timer);
  }, [banner]);

  function stopEditing(current: CustomerProfile = profile) {
    setEditing(false);
    setValues(editableOf(current));
    setPasswords(NO_PASSWORDS);
    setErrors({});
    setFormError(undefined);
  }

  function startEditing() {
    stopEditing();
    setBanner(undefined);
    setEditing(true);
    const first = tab === 'personal' ? 'dateOfBirth' : 'currentPassword';
    requestAnimationFrame(() => document.getElementById(first)?.focus());
  }

  function cancel() {
    stopEditing();
    requestAnimationFrame(() => editButtonRef.current?.focus());
  }

  function select(next: Tab, focus = false) {
    if (next !== tab) {
      stopEditing();
      setTab(next);
    }
    if (focus) tabRefs.current[next]?.focus();
  }

  function onTabKey(event: KeyboardEvent<HTMLButtonElement>) {
    const index = TABS.indexOf(tab);
    const target =
      event.key === 'ArrowRight'
        ? TABS[(index + 1) % TABS.length]
        : event.key === 'ArrowLeft'
          ? TABS[(index - 1 + TABS.length) % TABS.length]
          : event.key === 'Home'
            ? TABS[0]
            : event.key === 'End'
              ? TABS[TABS.length - 1]
              : undefined;
    if (!target) return;
    event.preventDefault();
    select(target, true);
  }

  function update<F extends ProfileField | PasswordField>(name: F, value: string) {
    if (name in PROFILE_UPDATE_FIELDS) {
      setValues((current) => ({ ...current, [name]: value }));
    } else {
      setPasswords((current) => ({ ...current, [name]: value }));
    }
    setErrors((current) => ({ ...current, [name]: undefined }));
  }

  async function saveProfile(event: FormEvent) {
    event.preventDefault();
    setFormError(undefined);
    const result = checkIdentityForm(
      profileUpdateFormSchema(new Date()),
      PROFILE_UPDATE_FIELDS,
      values,
    );
    if (!result.ok) {
      showFieldErrors(result.errors, PROFILE_FIELDS, language, setErrors);
      return;
    }
    setSending(true);
    try {
      const answer = await callApi('PUT', '/api/users/me', values);
      setSending(false);
      if (signedOut(answer, lang)) return;
      if (answer.status === 200 && isProfile(answer.body.data)) {
        setProfile(answer.body.data);
        stopEditing(answer.body.data);
        setBanner(t('profile.success'));
        requestAnimationFrame(() => panelRef.current?.focus());
        return;
      }
      if (answer.status === 400) {
        const { byField, other } = serverFieldErrors(answer.body, PROFILE_FIELDS, language);
        setErrors(byField);
        setFormError(other[0] ?? t('profile.error.updateFailed'));
        focusFirstError(PROFILE_FIELDS, byField);
        return;
      }
      setFormError(
        answer.status === 429 ? rateLimitedText(answer, language) : t('profile.error.updateFailed'),
      );
    } catch {
      setSending(false);
      setFormError(t('profile.error.updateFailed'));
    }
  }

  async function changePassword(event: FormEvent) {
    event.preventDefault();
    setFormError(undefined);
    const result = checkIdentityForm(
      passwordChangeFormSchema(new Date()),
      PASSWORD_CHANGE_FIELDS,
      passwords,
    );
    if (!result.ok) {
      showFieldErrors(result.errors, PASSWORD_FIELDS, language, setErrors);
      return;
    }
    setSending(true);
    try {
      const answer = await callApi('POST', '/api/users/me/password', passwords);
      setSending(false);
      if (answer.status === 204) {
        // The server ended every session of the customer: this page is signed out too.
        setPasswords(NO_PASSWORDS);
        setPasswordChanged(true);
        return;
      }
      if (signedOut(answer, lang)) return;
      if (answer.status === 400) {
        const { byField, other } = serverFieldErrors(answer.body, PASSWORD_FIELDS, language);
        setErrors(byField);
        if (other[0]) setFormError(other[0]);
        else if (!PASSWORD_FIELDS.some((field) => byField[field])) {
          setFormError(t('profile.password.failed'));
        }
        focusFirstError(PASSWORD_FIELDS, byField);
        return;
      }
      setFormError(
        answer.status === 429 ? rateLimitedText(answer, language) : t('profile.password.failed'),
      );
    } catch {
      setSending(false);
      setFormError(t('profile.password.failed'));
    }
  }

  if (passwordChanged) {
    // The sign-in page says the session has ended.
    const signIn = `/${lang}/?signedOut=user`;
    return (
      <>
        <div className="panel">
          <p>{t('profile.password.success.message')}</p>
          <a className="button button--primary" href={signIn}>
            {t('profile.password.success.button')}
          </a>
        </div>
        <SuccessDialog
          title={t('profile.password.success.title')}
          message={t('profile.password.success.message')}
          actionLabel={t('profile.password.success.button')}
          href={signIn}
        />
      </>
    );
  }

  const actions = (
    <p className="actions">
      <button type="submit" className="button button--primary" disabled={sending}>
        {sending ? t('profile.saving') : t('profile.save')}
      </button>
      <button type="button" className="button button--secondary" onClick={cancel}>
        {t('profile.cancel')}
      </button>
    </p>
  );

  const errorBox = formError && (
    <p role="alert" className="form-error">
      {formError}
    </p>
  );

  return (
    <div className="profile">
      <div className="tabs" role="tablist" aria-label={t('profile.tabs.label')}>
        {TABS.map((name) => (
          <button
            key={name}
            ref={(element) => {
              tabRefs.current[name] = element;
            }}
            type="button"
            role="tab"
            id={`tab-${name}`}
            className="tab"
            aria-selected={tab === name}
            aria-controls={`panel-${name}`}
            tabIndex={tab === name ? 0 : -1}
            onClick={() => select(name)}
            onKeyDown={onTabKey}
          >
            {t(`profile.tab.${name}`)}
          </button>
        ))}
      </div>

      <div role="status" className="profile__status">
        {banner && <p className="banner banner--success">{banner}</p>}
      </div>

      <div
        ref={panelRef}
        role="tabpanel"
        id={`panel-${tab}`}
        aria-labelledby={`tab-${tab}`}
        tabIndex={-1}
        className="tab-panel"
      >
        {tab === 'personal' && !editing && (
          <>
            <Details rows={personalRows(profile, t)} />
            <p className="actions">
              <button
                ref={editButtonRef}
                type="button"
                className="button button--primary"
                onClick={startEditing}
              >
                {t('profile.update')}
              </button>
            </p>
          </>
        )}

        {tab === 'personal' && editing && (
          <form className="form form--wide" onSubmit={saveProfile} noValidate>
            {errorBox}
            <p className="field-hint">{t('profile.readOnlyHint')}</p>
            <div className="field-grid">
              <TextField
                id="firstName"
                label={t('register.field.firstName')}
                value={profile.firstName}
                readOnly
              />
              <TextField
                id="lastName"
                label={t('register.field.lastName')}
                value={profile.lastName}
                readOnly
              />
              <TextField
                id="financialInstitution"
                label={t('register.field.financialInstitution')}
                value={profile.financialInstitution}
                readOnly
                fieldClassName="field--full"
              />
              <TextField
                id="dateOfBirth"
                label={t('register.field.dateOfBirth')}
                hint={t('register.field.dateOfBirthHint')}
                autoComplete="bday"
                inputMode="numeric"
                required
                error={errors.dateOfBirth}
                value={values.dateOfBirth}
                onChange={(event) => update('dateOfBirth', event.target.value)}
              />
              <TextField
                id="phone"
                label={t('register.field.phone')}
                hint={t('register.field.phoneHint')}
                type="tel"
                autoComplete="tel"
                required
                error={errors.phone}
                value={values.phone}
                onChange={(event) => update('phone', event.target.value)}
              />
              <TextField
                id="addressLine1"
                label={t('register.field.addressLine1')}
                hint={t('register.field.addressHint')}
                autoComplete="address-line1"
                required
                error={errors.addressLine1}
                value={values.addressLine1}
                onChange={(event) => update('addressLine1', event.target.value)}
                fieldClassName="field--full"
              />
              <TextField
                id="addressLine2"
                label={t('register.field.addressLine2')}
                autoComplete="address-line2"
                error={errors.addressLine2}
                value={values.addressLine2}
                onChange={(event) => update('addressLine2', event.target.value)}
                fieldClassName="field--full"
              />
              <TextField
                id="city"
                label={t('register.field.city')}
                autoComplete="address-level2"
                required
                error={errors.city}
                value={values.city}
                onChange={(event) => update('city', event.target.value)}
              />
              <SelectField
                id="province"
                label={t('register.field.province')}
                autoComplete="address-level1"
                required
                error={errors.province}
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
              <TextField
                id="postalCode"
                label={t('register.field.postalCode')}
                hint={t('register.field.postalCodeHint')}
                autoComplete="postal-code"
                required
                error={errors.postalCode}
                value={values.postalCode}
                onChange={(event) => update('postalCode', event.target.value)}
              />
              <TextField
                id="country"
                label={t('register.field.country')}
                autoComplete="country-name"
                required
                error={errors.country}
                value={values.country}
                onChange={(event) => update('country', event.target.value)}
              />
            </div>
            {actions}
          </form>
        )}

        {tab === 'account' && !editing && (
          <>
            <Details
              rows={[
                [t('profile.email'), profile.email],
                [
                  t('profile.password'),
                  <>
                    <span aria-hidden="true">••••••••</span>
                    <span className="visually-hidden">{t('profile.passwordHidden')}</span>
                  </>,
                ],
              ]}
            />
            <p className="field-hint">{t('profile.emailHint')}</p>
            <p className="actions">
              <button
                ref={editButtonRef}
                type="button"
                className="button button--primary"
                onClick={startEditing}
              >
                {t('profile.changePassword')}
              </button>
            </p>
          </>
        )}

        {tab === 'account' && editing && (
          <form className="form" onSubmit={changePassword} noValidate>
            {errorBox}
            <TextField
              id="currentPassword"
              label={t('profile.field.currentPassword')}
              type="password"
              autoComplete="current-password"
              required
              error={errors.currentPassword}
              value={passwords.currentPassword}
              onChange={(event) => update('currentPassword', event.target.value)}
            />
            <TextField
              id="newPassword"
              label={t('profile.field.newPassword')}
              type="password"
              autoComplete="new-password"
              required
              error={errors.newPassword}
              value={passwords.newPassword}
              onChange={(event) => update('newPassword', event.target.value)}
              after={
                <PasswordRequirements id="password-rules" password={passwords.newPassword} t={t} />
              }
            />
            <TextField
              id="confirmPassword"
              label={t('profile.field.confirmPassword')}
              type="password"
              autoComplete="new-password"
              required
              error={errors.confirmPassword}
              value={passwords.confirmPassword}
              onChange={(event) => update('confirmPassword', event.target.value)}
            />
            {actions}
          </form>
        )}
      </div>
    </div>
  );
}

function personalRows(profile: CustomerProfile, t: IslandTranslate): [string, string][] {
  const province = (PROVINCES as readonly string[]).includes(profile.province)
    ? t(`register.province.${profile.province}`)
    : profile.province;
  return [
    [t('register.field.firstName'), profile.firstName],
    [t('register.field.lastName'), profile.lastName],
    [t('register.field.dateOfBirth'), profile.dateOfBirth],
    [t('register.field.financialInstitution'), profile.financialInstitution],
    [t('register.field.addressLine1'), profile.addressLine1],
    [t('profile.field.addressLine2'), profile.addressLine2 || t('profile.none')],
    [t('register.field.city'), profile.city],
    [t('register.field.province'), province],
    [t('register.field.postalCode'), profile.postalCode],
    [t('register.field.country'), profile.country],
    [t('register.field.phone'), phoneText(profile.phone)],
  ];
}
