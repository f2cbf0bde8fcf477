import type { WizardStep } from '@contracts/claims/claim-draft';
import type { IslandTranslate } from '../../messages';
import { PROGRESS_STEPS, progressState } from './wizard-steps';

/** The five labelled steps; the current one is announced as such, finished ones as completed. */
export function WizardProgress({ step, t }: { step: WizardStep; t: IslandTranslate }) {
  return (
    <nav className="wizard-progress" aria-label={t('wizard.progressLabel')}>
      <ol>
        {PROGRESS_STEPS.map((item, index) => {
          const state = progressState(item.step, step);
          return (
            <li
              key={item.step}
              className={`wizard-progress__step wizard-progress__step--${state}`}
              aria-current={state === 'current' ? 'step' : undefined}
            >
              <span className="wizard-progress__number" aria-hidden="true">
                {state === 'done' ? '✓' : index + 1}
              </span>
              <span className="wizard-progress__label">
                {t(item.label)}
                {state === 'done' && (
                  <span className="visually-hidden"> ({t('wizard.stepCompleted')})</span>
                )}
              </span>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
