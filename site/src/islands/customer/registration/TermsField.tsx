import { CheckboxField } from '@site/ui/field/fields';
import type { IslandTranslate } from '../../messages';

/** Acceptance of the declaration and authorization, which opens in a new tab. */
export function TermsField({
  lang,
  checked,
  error,
  t,
  onChange,
}: {
  readonly lang: string;
  readonly checked: boolean;
  readonly error: string | undefined;
  readonly t: IslandTranslate;
  readonly onChange: (checked: boolean) => void;
}) {
  const [before, after] = t('register.terms.accept').split('{link}');
  return (
    <CheckboxField
      id="termsAccepted"
      checked={checked}
      required
      error={error}
      onChange={(event) => onChange(event.target.checked)}
      label={
        <>
          {before}
          <a
            href={`/${lang}/declaration-and-authorization`}
            target="_blank"
            rel="noopener noreferrer"
          >
            {t('register.terms.link')}
            <span className="visually-hidden"> {t('register.terms.newTab')}</span>
          </a>
          {after}
        </>
      }
    />
  );
}
