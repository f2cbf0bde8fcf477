import { FormAlert } from '@site/ui/field/FormAlert';
import type { IslandTranslate } from '../../messages';
import { SuccessScreen } from '../account/SuccessDialog';

interface OutcomeProps {
  readonly t: IslandTranslate;
}

/** No flow in this tab, or it expired: only starting again from sign-in helps. */
export function NoFlow({ home, t }: OutcomeProps & { readonly home: string }) {
  return (
    <div className="mfa-missing">
      <FormAlert>{t('mfa.noFlow')}</FormAlert>
      <p className="actions">
        <a className="button button--primary" href={home}>
          {t('mfa.backHome')}
        </a>
      </p>
    </div>
  );
}

export function SigningIn({ t }: OutcomeProps) {
  return (
    <p role="status" className="mfa-status">
      {t('mfa.signingIn')}
    </p>
  );
}

/** The profile is confirmed (spec §2): a modal whose only action goes to sign-in. */
export function Verified({ home, t }: OutcomeProps & { readonly home: string }) {
  return (
    <SuccessScreen
      title={t('mfa.successTitle')}
      message={t('mfa.successMessage')}
      actionLabel={t('mfa.successButton')}
      href={home}
    />
  );
}
