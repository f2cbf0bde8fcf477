import { identityMessage } from '@contracts/identity/messages';
import { FormAlert } from '@site/ui/field/FormAlert';
import type { IslandTranslate } from '../../messages';
import type { Language } from '../account/identity-words';

export type FormMessage =
  | { readonly kind: 'fixFields' }
  | { readonly kind: 'accountExists' }
  | { readonly kind: 'text'; readonly text: string };

/** The registration's message at the top of the form; an existing account links onwards. */
export function RegistrationMessage({
  message,
  lang,
  language,
  t,
}: {
  readonly message: FormMessage | undefined;
  readonly lang: string;
  readonly language: Language;
  readonly t: IslandTranslate;
}) {
  if (!message) return null;
  switch (message.kind) {
    case 'fixFields':
      return <FormAlert>{t('register.error.fixFields')}</FormAlert>;
    case 'text':
      return <FormAlert>{message.text}</FormAlert>;
    case 'accountExists':
      return (
        <FormAlert>
          {identityMessage('addUser.accountExists', language)}{' '}
          <a href={`/${lang}/`}>{t('register.signIn')}</a>
          {' · '}
          <a href={`/${lang}/forgot-password`}>{t('register.forgotPassword')}</a>
        </FormAlert>
      );
  }
}
