import { PRODUCT_CODES, PRODUCT_TYPES } from '@contracts/claims/catalogue';
import type { DraftAnswers } from '@contracts/claims/claim-draft';
import { POLICY_NUMBER } from '@contracts/claims/field-rules';
import type { IslandTranslate } from '../../messages';
import { FieldFrame } from '@site/ui/field/FieldFrame';
import type { AnswerField } from './step-rules';

export interface AnswerStepProps {
  readonly answers: DraftAnswers;
  readonly errors: Partial<Record<AnswerField, string>>;
  readonly onChange: (field: keyof DraftAnswers, value: string | boolean) => void;
  readonly t: IslandTranslate;
}

export function ProductStep({ answers, errors, onChange, t }: AnswerStepProps) {
  return (
    <>
      <p>{t('wizard.product.intro')}</p>
      <FieldFrame
        id="policyNumber"
        label={t('addClaim.policyNumber')}
        hint={t('wizard.policyHint', { max: POLICY_NUMBER.maxLength })}
        error={errors.policyNumber}
      >
        {(aria) => (
          <input
            {...aria}
            name="policyNumber"
            aria-required
            value={answers.policyNumber}
            autoComplete="off"
            onChange={(event) => onChange('policyNumber', event.target.value)}
          />
        )}
      </FieldFrame>
      <FieldFrame id="productCode" label={t('addClaim.product')} error={errors.productCode}>
        {(aria) => (
          <select
            {...aria}
            name="productCode"
            aria-required
            value={answers.productCode}
            onChange={(event) => onChange('productCode', event.target.value)}
          >
            <option value="">{t('addClaim.choose')}</option>
            {PRODUCT_CODES.map((code) => (
              <option key={code} value={code}>
                {t(`claims.product.${code}`)}
              </option>
            ))}
          </select>
        )}
      </FieldFrame>
      <FieldFrame id="productType" label={t('addClaim.productType')} error={errors.productType}>
        {(aria) => (
          <select
            {...aria}
            name="productType"
            aria-required
            value={answers.productType}
            onChange={(event) => onChange('productType', event.target.value)}
          >
            <option value="">{t('addClaim.choose')}</option>
            {PRODUCT_TYPES.map((type) => (
              <option key={type} value={type}>
                {t(`claims.productType.${type}`)}
              </option>
            ))}
          </select>
        )}
      </FieldFrame>
    </>
  );
}
