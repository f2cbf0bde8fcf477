import { CLAIM_STATUSES, type ClaimStatus } from '@contracts/claims/catalogue';
import { FieldFrame } from '@site/ui/field/FieldFrame';
import { QUEUE_TEXT } from '../queue/queue-text';
import type { QueueOrder, QueueValues } from './search-query';

interface Props {
  readonly queue: QueueValues;
  readonly onChange: (queue: QueueValues) => void;
}

/**
 * The work queue's narrowing beside the search type: statuses to keep (none ticked is any
 * status) and the order. Native controls named as the URL names them, so the form works
 * without script too.
 */
export function QueueFilters({ queue, onChange }: Props) {
  const toggle = (status: ClaimStatus, on: boolean) =>
    onChange({
      ...queue,
      statuses: CLAIM_STATUSES.filter((s) => (s === status ? on : queue.statuses.includes(s))),
    });
  return (
    <div className="admin-queue-filters">
      <fieldset className="admin-queue-filters__statuses" aria-describedby="queue-statuses-hint">
        <legend>{QUEUE_TEXT.filterLegend}</legend>
        <p id="queue-statuses-hint" className="field-hint">
          {QUEUE_TEXT.filterHint}
        </p>
        <div className="admin-queue-filters__choices">
          {CLAIM_STATUSES.map((status) => (
            <label key={status} className="choice">
              <input
                type="checkbox"
                name="statuses"
                value={status.toLowerCase()}
                checked={queue.statuses.includes(status)}
                onChange={(event) => toggle(status, event.target.checked)}
              />
              <span>{status}</span>
            </label>
          ))}
        </div>
      </fieldset>
      <FieldFrame id="queue-order" label={QUEUE_TEXT.order}>
        {(aria) => (
          <select
            {...aria}
            name="order"
            value={queue.order}
            onChange={(event) => onChange({ ...queue, order: event.target.value as QueueOrder })}
          >
            <option value="newest">{QUEUE_TEXT.orders.newest}</option>
            <option value="oldest">{QUEUE_TEXT.orders.oldest}</option>
          </select>
        )}
      </FieldFrame>
    </div>
  );
}
