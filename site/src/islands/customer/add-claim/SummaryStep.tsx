import {
  type DraftAnswers,
  type DraftDocument,
  statementKindFor,
  WIZARD_STEPS,
  type WizardStep,
} from '@contracts/claims/claim-draft';
import { sizeInKb } from '@contracts/claims/documents';
import type { IslandTranslate } from '../../messages';

interface Props {
  readonly answers: DraftAnswers;
  readonly documents: readonly DraftDocument[];
  readonly onChangeStep: (step: WizardStep) => void;
  readonly t: IslandTranslate;
}

function ChangeButton({
  step,
  section,
  onChangeStep,
  t,
}: { step: WizardStep; section: string } & Pick<Props, 'onChangeStep' | 't'>) {
  return (
    <button type="button" className="button button--link" onClick={() => onChangeStep(step)}>
      {t('wizard.summary.change')}
      <span className="visually-hidden"> {section}</span>
    </button>
  );
}

/** Step 5: every answer and document, each section with a way back to change it. */
export function SummaryStep({ answers, documents, onChangeStep, t }: Props) {
  const statement = statementKindFor(answers.claimType);
  const directly =
    (statement === 'employer' && answers.employerFormChecked) ||
    (statement === 'physician' && answers.physicianStatementChecked);
  const rows = [
    { step: WIZARD_STEPS.product, term: 'addClaim.policyNumber', value: answers.policyNumber },
    {
      step: WIZARD_STEPS.product,
      term: 'addClaim.product',
      value: t(`claims.product.${answers.productCode}`),
    },
    {
      step: WIZARD_STEPS.product,
      term: 'addClaim.productType',
      value: t(`claims.productType.${answers.productType}`),
    },
    {
      step: WIZARD_STEPS.type,
      term: 'addClaim.coverage',
      value: t(`claims.claimType.${answers.claimType}`),
    },
    {
      step: WIZARD_STEPS.type,
      term: 'addClaim.description',
      value: answers.claimDescription.trim() || t('wizard.summary.none'),
    },
  ] as const;
  return (
    <>
      <p>{t('wizard.summary.intro')}</p>
      <dl className="summary-list">
        {rows.map((row) => (
          <div className="summary-list__row" key={row.term}>
            <dt>{t(row.term)}</dt>
            <dd className="summary-list__value">{row.value}</dd>
            <dd className="summary-list__action">
              <ChangeButton
                step={row.step}
                section={t(row.term)}
                onChangeStep={onChangeStep}
                t={t}
              />
            </dd>
          </div>
        ))}
        <div className="summary-list__row">
          <dt>{t('wizard.step.documents')}</dt>
          <dd className="summary-list__value">
            {documents.length === 0 && !directly ? (
              t('wizard.summary.noDocuments')
            ) : (
              <ul className="summary-list__documents">
                {documents.map((document) => (
                  <li key={document.id}>
                    {t(`wizard.kind.${document.kind}`)}: <bdi>{document.fileName}</bdi> (
                    {t('upload.kb', { size: sizeInKb(document.size) })})
                  </li>
                ))}
                {directly && (
                  <li>
                    {t(
                      statement === 'employer'
                        ? 'wizard.summary.statementByEmployer'
                        : 'wizard.summary.statementByPhysician',
                    )}
                  </li>
                )}
              </ul>
            )}
          </dd>
          <dd className="summary-list__action">
            <ChangeButton
              step={WIZARD_STEPS.documents}
              section={t('wizard.step.documents')}
              onChangeStep={onChangeStep}
              t={t}
            />
          </dd>
        </div>
      </dl>
    </>
  );
}
