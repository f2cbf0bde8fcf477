import type { ClaimStatus } from '@contracts/claims/catalogue';
import {
  DENIAL_GROUPS,
  DENIAL_REASONS,
  NEEDED_DOCUMENT_REASONS,
  PROCESS_REASONS,
  type Reason,
  STATUS_REASON_RULES,
} from '@contracts/claims/reasons';
import { FieldFrame } from '@site/ui/field/FieldFrame';
import { ADMIN_TEXT } from '../admin-text';

const text = ADMIN_TEXT.claim;

interface Props {
  readonly status: ClaimStatus;
  readonly selected: readonly string[];
  readonly error: string | undefined;
  readonly onChange: (codes: string[]) => void;
}

/**
 * The additional reason follows the status (staff spec §4, decision 010): none for Submitted,
 * one denial reason (grouped Job Loss, Disability, All) for Denied, any number of needed-
 * document or process reasons for the others.
 */
export function ReasonField({ status, selected, error, onChange }: Props) {
  const rule = STATUS_REASON_RULES[status];
  if (rule.selection === 'none') {
    return (
      <FieldFrame id="claim-reason" label={text.additionalReason} hint={text.additionalReasonNone}>
        {(aria) => (
          <select {...aria} disabled value="">
            <option value="">{text.reasonPlaceholder}</option>
          </select>
        )}
      </FieldFrame>
    );
  }
  if (rule.selection === 'single') {
    return (
      <FieldFrame
        id="claim-reason"
        label={text.additionalReason}
        hint={text.additionalReasonSingle}
        error={error}
      >
        {(aria) => (
          <select
            {...aria}
            value={selected[0] ?? ''}
            onChange={(e) => onChange(e.target.value ? [e.target.value] : [])}
          >
            <option value="">{text.reasonPlaceholder}</option>
            {DENIAL_GROUPS.map((group) => (
              <optgroup key={group} label={group}>
                {DENIAL_REASONS.filter((reason) => reason.group === group).map((reason) => (
                  <option key={reason.code} value={reason.code}>
                    {reason.en}
                  </option>
                ))}
              </optgroup>
            ))}
          </select>
        )}
      </FieldFrame>
    );
  }
  const toggle = (code: string, on: boolean) =>
    onChange(on ? [...selected, code] : selected.filter((chosen) => chosen !== code));
  return (
    <fieldset
      className="field admin-reasons"
      aria-describedby={error ? 'claim-reason-error' : 'claim-reason-hint'}
    >
      <legend>{text.additionalReason}</legend>
      <p id="claim-reason-hint" className="field-hint">
        {text.additionalReasonMultiple}
      </p>
      <ReasonGroup
        title={text.reasonGroups.documents}
        reasons={NEEDED_DOCUMENT_REASONS}
        {...{ selected, toggle }}
      />
      <ReasonGroup
        title={text.reasonGroups.process}
        reasons={PROCESS_REASONS}
        {...{ selected, toggle }}
      />
      {error && (
        <p id="claim-reason-error" className="field-error">
          {error}
        </p>
      )}
    </fieldset>
  );
}

function ReasonGroup({
  title,
  reasons,
  selected,
  toggle,
}: {
  title: string;
  reasons: readonly Reason[];
  selected: readonly string[];
  toggle: (code: string, on: boolean) => void;
}) {
  return (
    <div className="admin-reasons__group">
      <p className="admin-reasons__title">{title}</p>
      <ul className="admin-reasons__list">
        {reasons.map((reason) => (
          <li key={reason.code}>
            <label className="choice">
              <input
                type="checkbox"
                checked={selected.includes(reason.code)}
                onChange={(e) => toggle(reason.code, e.target.checked)}
              />
              {reason.en}
            </label>
          </li>
        ))}
      </ul>
    </div>
  );
}
