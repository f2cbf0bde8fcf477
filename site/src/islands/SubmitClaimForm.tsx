import { type FormEvent, useRef, useState } from 'react';
import { v7 as uuidv7 } from 'uuid';
import * as v from 'valibot';
import { CLAIM_TYPES, PRODUCT_CODES, PRODUCT_TYPES } from '@contracts/claims/catalogue';
import { FIELD_LIMITS, submitClaimFormSchema } from '@contracts/claims/submit-claim-form';
import type { FieldError } from '@contracts/errors';
import { csrfHeaders } from './csrf';
import { type IslandMessages, type IslandTranslate, islandTranslator } from './messages';

interface Props {
  readonly lang: string;
  readonly messages: IslandMessages;
}

type FieldName = 'policyNumber' | 'productCode' | 'productType' | 'claimType' | 'claimDescription';
type Errors = Partial<Record<FieldName, string>>;
type Outcome =
  | { state: 'editing' }
  | { state: 'sending' }
  | { state: 'submitted'; confirmationNumber: string };

const EMPTY = {
  policyNumber: '',
  productCode: '',
  productType: '',
  claimType: '',
  claimDescription: '',
};

function fieldMessage(t: IslandTranslate, field: string, code: string): string {
  return t(`errors.field.${code}`, { max: FIELD_LIMITS[field] ?? '' });
}

function firstErrorPerField(errors: readonly FieldError[], t: IslandTranslate): Errors {
  const byField: Errors = {};
  for (const { field, code } of errors) {
    byField[field as FieldName] ??= fieldMessage(t, field, code);
  }
  return byField;
}

export default function SubmitClaimForm({ lang, messages }: Props) {
  const t = islandTranslator(messages);
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState<string>();
  const [outcome, setOutcome] = useState<Outcome>({ state: 'editing' });
  // One key per attempt: a network retry of the same attempt is appended once by the server.
  const attemptKey = useRef(uuidv7());

  function update(field: FieldName, value: string) {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFormError(undefined);
    const parsed = v.safeParse(submitClaimFormSchema, values, { abortPipeEarly: true });
    if (!parsed.success) {
      setErrors(
        firstErrorPerField(
          parsed.issues.map((issue) => ({
            field: String(issue.path?.[0]?.key ?? ''),
            code: issue.message,
          })),
          t,
        ),
      );
      return;
    }
    setOutcome({ state: 'sending' });
    try {
      const response = await fetch('/api/claims', {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'idempotency-key': attemptKey.current,
          ...csrfHeaders(),
        },
        body: JSON.stringify(parsed.output),
        credentials: 'same-origin',
      });
      const body = await response.json();
      if (response.status === 201) {
        setOutcome({ state: 'submitted', confirmationNumber: body.confirmationNumber });
        return;
      }
      setOutcome({ state: 'editing' });
      if (response.status === 400 && Array.isArray(body.errors)) {
        setErrors(firstErrorPerField(body.errors as FieldError[], t));
      } else {
        setFormError(t(`errors.${body.code ?? 'INTERNAL'}`));
      }
    } catch {
      setOutcome({ state: 'editing' });
      setFormError(t('errors.INTERNAL'));
    }
  }

  if (outcome.state === 'submitted') {
    return (
      <div className="panel" role="status">
        <p>{t('addClaim.submitted', { confirmationNumber: outcome.confirmationNumber })}</p>
        <p className="actions">
          <a className="button button--primary" href={`/${lang}/dashboard`}>
            {t('addClaim.returnToDashboard')}
          </a>
          <button
            type="button"
            className="button button--secondary"
            onClick={() => {
              attemptKey.current = uuidv7();
              setValues(EMPTY);
              setOutcome({ state: 'editing' });
            }}
          >
            {t('addClaim.submitAnother')}
          </button>
        </p>
      </div>
    );
  }

  const field = (name: FieldName) => ({
    id: name,
    name,
    value: values[name],
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? `${name}-error` : undefined,
  });
  const error = (name: FieldName) =>
    errors[name] ? (
      <p id={`${name}-error`} className="field-error">
        {errors[name]}
      </p>
    ) : null;

  return (
    <form className="form" onSubmit={submit} noValidate>
      {formError && (
        <p role="alert" className="form-error">
          {formError}
        </p>
      )}
      <div className="field">
        <label htmlFor="policyNumber">{t('addClaim.policyNumber')}</label>
        <input
          {...field('policyNumber')}
          onChange={(e) => update('policyNumber', e.target.value)}
        />
        {error('policyNumber')}
      </div>
      <div className="field">
        <label htmlFor="productCode">{t('addClaim.product')}</label>
        <select {...field('productCode')} onChange={(e) => update('productCode', e.target.value)}>
          <option value="">{t('addClaim.choose')}</option>
          {PRODUCT_CODES.map((code) => (
            <option key={code} value={code}>
              {t(`claims.product.${code}`)}
            </option>
          ))}
        </select>
        {error('productCode')}
      </div>
      <div className="field">
        <label htmlFor="productType">{t('addClaim.productType')}</label>
        <select {...field('productType')} onChange={(e) => update('productType', e.target.value)}>
          <option value="">{t('addClaim.choose')}</option>
          {PRODUCT_TYPES.map((type) => (
            <option key={type} value={type}>
              {t(`claims.productType.${type}`)}
            </option>
          ))}
        </select>
        {error('productType')}
      </div>
      <div className="field">
        <label htmlFor="claimType">{t('addClaim.coverage')}</label>
        <select {...field('claimType')} onChange={(e) => update('claimType', e.target.value)}>
          <option value="">{t('addClaim.choose')}</option>
          {CLAIM_TYPES.map((type) => (
            <option key={type} value={type}>
              {t(`claims.claimType.${type}`)}
            </option>
          ))}
        </select>
        {error('claimType')}
      </div>
      <div className="field">
        <label htmlFor="claimDescription">{t('addClaim.description')}</label>
        <textarea
          {...field('claimDescription')}
          rows={4}
          onChange={(e) => update('claimDescription', e.target.value)}
        />
        {error('claimDescription')}
      </div>
      <p className="actions">
        <button
          type="submit"
          className="button button--primary"
          disabled={outcome.state === 'sending'}
        >
          {t('addClaim.submit')}
        </button>
        <a className="button button--secondary" href={`/${lang}/dashboard`}>
          {t('addClaim.cancel')}
        </a>
      </p>
    </form>
  );
}
