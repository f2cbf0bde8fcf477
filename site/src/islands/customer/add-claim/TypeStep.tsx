import { CLAIM_TYPES } from '@contracts/claims/catalogue';
import { CLAIM_DESCRIPTION } from '@contracts/claims/field-rules';
import { ChoiceGroup } from '@site/ui/field/ChoiceGroup';
import { FieldFrame } from '@site/ui/field/FieldFrame';
import type { AnswerStepProps } from './ProductStep';

export function TypeStep({ answers, errors, onChange, t }: AnswerStepProps) {
  return (
    <>
      <ChoiceGroup
        name="claimType"
        legend={t('wizard.type.legend')}
        choices={CLAIM_TYPES.map((type) => ({
          value: type,
          label: t(`claims.claimType.${type}`),
          hint: t(`wizard.type.hint.${type}`),
        }))}
        value={answers.claimType}
        error={errors.claimType}
        onChange={(type) => onChange('claimType', type)}
      />
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
