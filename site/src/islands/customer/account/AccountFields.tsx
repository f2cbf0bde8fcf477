import type { HTMLAttributes } from 'react';
import { PROVINCES } from '@contracts/identity/field-rules';
import type { FieldErrors } from '@site/ui/field/field-errors';
import { SelectField, TextField } from '@site/ui/field/fields';
import type { IslandTranslate } from '../../messages';
import { PasswordRequirements } from './PasswordRequirements';

/**
 * The customer's own fields as registration and the profile both ask for them: one label,
 * hint and autocomplete token per field, so the two forms cannot drift apart.
 */

export type AccountFieldName =
  | 'firstName'
  | 'lastName'
  | 'dateOfBirth'
  | 'financialInstitution'
  | 'addressLine1'
  | 'addressLine2'
  | 'city'
  | 'postalCode'
  | 'country'
  | 'phone'
  | 'email';

interface FieldLook {
  readonly autoComplete: string;
  readonly type?: string;
  readonly inputMode?: HTMLAttributes<HTMLInputElement>['inputMode'];
  readonly hint?: string;
  readonly optional?: boolean;
  readonly wide?: boolean;
}

const LOOKS: Readonly<Record<AccountFieldName, FieldLook>> = {
  firstName: { autoComplete: 'given-name' },
  lastName: { autoComplete: 'family-name' },
  dateOfBirth: {
    autoComplete: 'bday',
    inputMode: 'numeric',
    hint: 'register.field.dateOfBirthHint',
  },
  financialInstitution: { autoComplete: 'off', hint: 'register.field.financialInstitutionHint' },
  addressLine1: { autoComplete: 'address-line1', hint: 'register.field.addressHint', wide: true },
  addressLine2: { autoComplete: 'address-line2', optional: true, wide: true },
  city: { autoComplete: 'address-level2' },
  postalCode: { autoComplete: 'postal-code', hint: 'register.field.postalCodeHint' },
  country: { autoComplete: 'country-name' },
  phone: { autoComplete: 'tel', type: 'tel', inputMode: 'tel', hint: 'register.field.phoneHint' },
  email: {
    autoComplete: 'email',
    type: 'email',
    inputMode: 'email',
    hint: 'register.field.emailHint',
  },
};

export interface AccountFieldsProps<F extends string> {
  readonly values: Readonly<Record<F, string>>;
  readonly errors: FieldErrors<F>;
  readonly onChange: (name: F, value: string) => void;
  readonly t: IslandTranslate;
}

/** One of the customer's fields, labelled and hinted as everywhere else. */
export function AccountField<F extends string>({
  name,
  disabled,
  values,
  errors,
  onChange,
  t,
}: AccountFieldsProps<F> & { readonly name: F & AccountFieldName; readonly disabled?: boolean }) {
  const look = LOOKS[name];
  return (
    <TextField
      id={name}
      label={t(`register.field.${name}`)}
      hint={look.hint && t(look.hint)}
      error={errors[name]}
      type={look.type ?? 'text'}
      autoComplete={look.autoComplete}
      inputMode={look.inputMode}
      required={!look.optional}
      disabled={disabled}
      value={values[name]}
      onChange={(event) => onChange(name, event.target.value)}
      fieldClassName={look.wide ? 'field--full' : undefined}
    />
  );
}

type AddressName = 'addressLine1' | 'addressLine2' | 'city' | 'province' | 'postalCode' | 'country';

/** The address block, from its first line to the country. */
export function AddressFields<F extends string>(props: AccountFieldsProps<F | AddressName>) {
  const { values, errors, onChange, t } = props;
  return (
    <>
      <AccountField name="addressLine1" {...props} />
      <AccountField name="addressLine2" {...props} />
      <AccountField name="city" {...props} />
      <SelectField
        id="province"
        label={t('register.field.province')}
        error={errors.province}
        autoComplete="address-level1"
        required
        value={values.province}
        onChange={(event) => onChange('province', event.target.value)}
      >
        <option value="">{t('register.choose')}</option>
        {PROVINCES.map((code) => (
          <option key={code} value={code}>
            {t(`register.province.${code}`)}
          </option>
        ))}
      </SelectField>
      <AccountField name="postalCode" {...props} />
      <AccountField name="country" {...props} />
    </>
  );
}

/** A new password with its requirements toggle, then the same password again. */
export function NewPasswordFields<F extends string>({
  names: [password, confirmation],
  labels,
  values,
  errors,
  onChange,
  t,
}: AccountFieldsProps<F> & {
  readonly names: readonly [F, F];
  readonly labels: readonly [string, string];
}) {
  return (
    <>
      {[password, confirmation].map((name, index) => (
        <TextField
          key={name}
          id={name}
          label={labels[index] ?? ''}
          type="password"
          autoComplete="new-password"
          required
          error={errors[name]}
          value={values[name]}
          onChange={(event) => onChange(name, event.target.value)}
          after={
            name === password && (
              <PasswordRequirements id="password-rules" password={values[name]} t={t} />
            )
          }
        />
      ))}
    </>
  );
}
