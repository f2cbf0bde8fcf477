import { PRODUCT_CODES, PRODUCT_TYPES } from '@contracts/claims/catalogue';
import type { DraftAnswers } from '@contracts/claims/claim-draft';
import { POLICY_NUMBER } from '@contracts/claims/field-rules';
import type { IslandTranslate } from '../../messages';
import { controlProps, FieldFrame } from './fields';
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
        {(describedBy) => (
          <input
            {...controlProps('policyNumber', errors.policyNumber, describedBy)}
            value={answers.policyNumber}
            autoComplete="off"
            onChange={(event) => onChange('policyNumber', event.target.value)}
          />
        )}
      </FieldFrame>
      <FieldFrame id="productCode" label={t('addClaim.product')} error={errors.productCode}>
        {(describedBy) => (
          <select
            {...controlProps('productCode', errors.productCode, describedBy)}
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
        {(describedBy) => (
          <select
            {...controlProps('productType', errors.productType, describedBy)}
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
