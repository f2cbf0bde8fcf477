import { useState } from 'react';
import { PASSWORD } from '@contracts/identity/field-rules';
import { passwordRuleFailures } from '@contracts/identity/field-specs';
import type { IslandTranslate } from '../../messages';

/** Each line of the requirements list, with the rule codes it stands for. */
const PASSWORD_REQUIREMENTS = [
  ['length', ['password.tooShort', 'password.tooLong']],
  ['uppercase', ['password.noUppercase']],
  ['lowercase', ['password.noLowercase']],
  ['digit', ['password.noDigit']],
  ['special', ['password.noSpecial']],
  ['unique', ['password.tooFewUnique']],
  ['repeated', ['password.repeatedCharacters']],
  ['word', ['password.containsPassword']],
] as const;

/**
 * The password-requirements toggle (spec §2): a button that shows or hides the rules; once
 * something is typed each rule shows whether the password meets it.
 */
export function PasswordRequirements({
  id,
  password,
  t,
}: {
  readonly id: string;
  readonly password: string;
  readonly t: IslandTranslate;
}) {
  const [open, setOpen] = useState(false);
  const failures: readonly string[] = password ? passwordRuleFailures(password) : [];
  return (
    <div className="password-rules">
      <button
        type="button"
        className="link-button"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen((current) => !current)}
      >
        {t(open ? 'register.passwordRules.hide' : 'register.passwordRules.show')}
      </button>
      <div id={id} hidden={!open} className="password-rules__list">
        <p>{t('register.passwordRules.heading')}</p>
        <ul>
          {PASSWORD_REQUIREMENTS.map(([key, codes]) => {
            const state = !password
              ? 'unknown'
              : codes.some((code) => failures.includes(code))
                ? 'unmet'
                : 'met';
            return (
              <li key={key} className={`password-rule password-rule--${state}`}>
                {state !== 'unknown' && (
                  <span className="visually-hidden">
                    {t(
                      state === 'met'
                        ? 'register.passwordRules.met'
                        : 'register.passwordRules.notMet',
                    )}{' '}
                  </span>
                )}
                {t(`register.passwordRules.${key}`, { characters: PASSWORD.specialCharacters })}
              </li>
            );
          })}
        </ul>
      </div>
    </div>
  );
}
