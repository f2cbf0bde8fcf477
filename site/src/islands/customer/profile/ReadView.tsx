import type { ReactNode, Ref } from 'react';
import { SubmitButton } from '@site/ui/field/SubmitButton';
import type { IslandTranslate } from '../../messages';

/** A tab's read view: the details, an optional hint, and the button that starts editing. */
export function ReadView({
  rows,
  hint,
  actionLabel,
  onEdit,
  buttonRef,
}: {
  readonly rows: readonly (readonly [string, ReactNode])[];
  readonly hint?: string | undefined;
  readonly actionLabel: string;
  readonly onEdit: () => void;
  readonly buttonRef: Ref<HTMLButtonElement>;
}) {
  return (
    <>
      <dl className="details-list">
        {rows.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      {hint && <p className="field-hint">{hint}</p>}
      <p className="actions">
        <button ref={buttonRef} type="button" className="button button--primary" onClick={onEdit}>
          {actionLabel}
        </button>
      </p>
    </>
  );
}

/** Save and Cancel under an edit form. */
export function EditActions({
  sending,
  t,
  onCancel,
}: {
  readonly sending: boolean;
  readonly t: IslandTranslate;
  readonly onCancel: () => void;
}) {
  return (
    <p className="actions">
      <SubmitButton label={t('profile.save')} busyLabel={t('profile.saving')} busy={sending} />
      <button type="button" className="button button--secondary" onClick={onCancel}>
        {t('profile.cancel')}
      </button>
    </p>
  );
}
