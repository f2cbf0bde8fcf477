import { type FormEvent, useState } from 'react';
import { PROFILE_UPDATE_FIELDS } from '@contracts/identity/form-fields';
import { profileUpdateFormSchema } from '@contracts/identity/identity-forms';
import type { CustomerProfile } from '@contracts/identity/profile';
import { FormAlert } from '@site/ui/field/FormAlert';
import { TextField } from '@site/ui/field/fields';
import type { IslandTranslate } from '../../messages';
import { AccountField, AddressFields } from '../account/AccountFields';
import { callApi } from '../account/account-api';
import { customerApi } from '../../api-client';
import type { Language } from '../account/identity-words';
import { EditActions } from './ReadView';
import { editableOf, isProfile, type ProfileField } from './profile-values';
import { useProfileForm } from './use-profile-form';

interface Props {
  readonly lang: string;
  readonly language: Language;
  readonly profile: CustomerProfile;
  readonly t: IslandTranslate;
  readonly onSaved: (profile: CustomerProfile) => void;
  readonly onCancel: () => void;
}

/** The personal tab in edit mode: names and institution read-only, the rest editable. */
export function PersonalForm({ lang, language, profile, t, onSaved, onCancel }: Props) {
  const [values, setValues] = useState(() => editableOf(profile));
  const form = useProfileForm({
    lang,
    language,
    specs: PROFILE_UPDATE_FIELDS,
    schema: profileUpdateFormSchema,
    send: (sent) =>
      callApi((options) => customerApi.PUT('/api/users/me', { ...options, body: sent })),
    done: (answer) => {
      if (answer.status !== 200 || !isProfile(answer.body.data)) return false;
      onSaved(answer.body.data);
      return true;
    },
    failed: t('profile.error.updateFailed'),
    failedBesideFields: true,
  });

  function update(name: ProfileField, value: string) {
    setValues((current) => ({ ...current, [name]: value }));
    form.clear(name);
  }

  function save(event: FormEvent) {
    event.preventDefault();
    void form.submit(values);
  }

  const fields = { values, errors: form.errors, onChange: update, t };
  const readOnly = (id: 'firstName' | 'lastName' | 'financialInstitution', wide = false) => (
    <TextField
      id={id}
      label={t(`register.field.${id}`)}
      value={profile[id]}
      readOnly
      fieldClassName={wide ? 'field--full' : undefined}
    />
  );

  return (
    <form className="form form--wide" onSubmit={save} noValidate>
      <FormAlert>{form.formError}</FormAlert>
      <p className="field-hint">{t('profile.readOnlyHint')}</p>
      <div className="field-grid">
        {readOnly('firstName')}
        {readOnly('lastName')}
        {readOnly('financialInstitution', true)}
        <AccountField name="dateOfBirth" {...fields} />
        <AccountField name="phone" {...fields} />
        <AddressFields {...fields} />
      </div>
      <EditActions sending={form.sending} t={t} onCancel={onCancel} />
    </form>
  );
}
