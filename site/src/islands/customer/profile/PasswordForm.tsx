import { type FormEvent, useState } from 'react';
import { PASSWORD_CHANGE_FIELDS } from '@contracts/identity/form-fields';
import { passwordChangeFormSchema } from '@contracts/identity/identity-forms';
import { FormAlert } from '@site/ui/field/FormAlert';
import { TextField } from '@site/ui/field/fields';
import type { IslandTranslate } from '../../messages';
import { NewPasswordFields } from '../account/AccountFields';
import { callApi } from '../account/account-api';
import { customerApi } from '../../api-client';
import type { Language } from '../account/identity-words';
import { EditActions } from './ReadView';
import { NO_PASSWORDS, type PasswordField } from './profile-values';
import { useProfileForm } from './use-profile-form';

interface Props {
  readonly lang: string;
  readonly language: Language;
  readonly t: IslandTranslate;
  /** The server ended every session of the customer: this page is signed out too. */
  readonly onChanged: () => void;
  readonly onCancel: () => void;
}

/** The account tab in edit mode: the current password, then the new one twice. */
export function PasswordForm({ lang, language, t, onChanged, onCancel }: Props) {
  const [passwords, setPasswords] = useState(NO_PASSWORDS);
  const form = useProfileForm({
    lang,
    language,
    specs: PASSWORD_CHANGE_FIELDS,
    schema: passwordChangeFormSchema,
    send: (sent) =>
      callApi((options) => customerApi.POST('/api/users/me/password', { ...options, body: sent })),
    done: (answer) => {
      if (answer.status !== 204) return false;
      setPasswords(NO_PASSWORDS);
      onChanged();
      return true;
    },
    failed: t('profile.password.failed'),
    failedBesideFields: false,
  });

  function update(name: PasswordField, value: string) {
    setPasswords((current) => ({ ...current, [name]: value }));
    form.clear(name);
  }

  function change(event: FormEvent) {
    event.preventDefault();
    void form.submit(passwords);
  }

  return (
    <form className="form" onSubmit={change} noValidate>
      <FormAlert>{form.formError}</FormAlert>
      <TextField
        id="currentPassword"
        label={t('profile.field.currentPassword')}
        type="password"
        autoComplete="current-password"
        required
        error={form.errors.currentPassword}
        value={passwords.currentPassword}
        onChange={(event) => update('currentPassword', event.target.value)}
      />
      <NewPasswordFields
        names={['newPassword', 'confirmPassword']}
        labels={[t('profile.field.newPassword'), t('profile.field.confirmPassword')]}
        values={passwords}
        errors={form.errors}
        onChange={update}
        t={t}
      />
      <EditActions sending={form.sending} t={t} onCancel={onCancel} />
    </form>
  );
}
