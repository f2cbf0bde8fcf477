import { CLAIM_TYPES } from '@contracts/claims/catalogue';
import { CLAIM_DESCRIPTION } from '@contracts/claims/field-rules';
import { FieldFrame } from '@site/ui/field/FieldFrame';
import type { AnswerStepProps } from './ProductStep';

export function TypeStep({ answers, errors, onChange, t }: AnswerStepProps) {
  const typeError = errors.claimType;
  return (
    <>
      <fieldset
        className="choice-group"
        aria-invalid={typeError ? true : undefined}
        aria-describedby={typeError ? 'claimType-error' : undefined}
      >
        <legend>{t('wizard.type.legend')}</legend>
        {CLAIM_TYPES.map((type, index) => (
          <div className="choice" key={type}>
            <input
              type="radio"
              id={`claimType-${index}`}
              name="claimType"
              value={type}
              checked={answers.claimType === type}
              aria-describedby={`claimType-${index}-hint`}
              onChange={() => onChange('claimType', type)}
            />
            <label htmlFor={`claimType-${index}`}>
              {t(`claims.claimType.${type}`)}
              <span id={`claimType-${index}-hint`} className="choice__hint">
                {t(`wizard.type.hint.${type}`)}
              </span>
            </label>
          </div>
        ))}
        {typeError && (
          <p id="claimType-error" className="field-error">
            {typeError}
          </p>
        )}
      </fieldset>
      <FieldFrame
        id="claimDescription"
        label={t('addClaim.description')}
        hint={t('wizard.descriptionHint', { max: CLAIM_DESCRIPTION.maxLength })}
        error={errors.claimDescription}
      >
        {(aria) => (
          <textarea
            {...aria}
            name="claimDescription"
            rows={5}
            maxLength={CLAIM_DESCRIPTION.maxLength}
            value={answers.claimDescription}
            onChange={(event) => onChange('claimDescription', event.target.value)}
          />
        )}
      </FieldFrame>
    </>
  );
}
