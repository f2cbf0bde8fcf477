import { DOCUMENT_LIMITS } from '@contracts/claims/documents';
import type { IslandTranslate } from '../../messages';

const NEEDS = [
  'wizard.intro.need.policy',
  'wizard.intro.need.claimForm',
  'wizard.intro.need.employer',
  'wizard.intro.need.physician',
  'wizard.intro.need.supporting',
] as const;

/** Step 1: what the claimant needs before the first question. */
export function BeforeYouStart({ t }: { t: IslandTranslate }) {
  return (
    <>
      <p>{t('wizard.intro.text')}</p>
      <h3>{t('wizard.intro.needTitle')}</h3>
      <ul>
        {NEEDS.map((key) => (
          <li key={key}>{t(key)}</li>
        ))}
      </ul>
      <p>
        {t('wizard.intro.limits', {
          maxCount: DOCUMENT_LIMITS.initialMaxCount,
          maxMb: DOCUMENT_LIMITS.initialMaxTotalBytes / (1024 * 1024),
        })}
      </p>
    </>
  );
}
