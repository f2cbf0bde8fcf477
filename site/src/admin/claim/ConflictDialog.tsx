import { useId, useRef } from 'react';
import { Dialog } from '@site/ui/dialog/Dialog';
import { ADMIN_TEXT, fill } from '../admin-text';
import { describeChange, fieldLabel, type SaveConflict } from './claim-conflict';
import type { ClaimFormField } from './claim-form';

interface Props {
  readonly conflict: SaveConflict | undefined;
  /** The person's edited fields the other change touched too. */
  readonly colliding: readonly ClaimFormField[];
  readonly busy: boolean;
  readonly onKeep: () => void;
  readonly onOverwrite: () => void;
  readonly onDiscard: () => void;
}

const text = ADMIN_TEXT.conflict;

/**
 * A stale save (decision 048): what the other person saved, field by field, and the three
 * ways on. Closing it keeps the form as typed; nothing is saved until the person chooses.
 */
export function ConflictDialog({
  conflict,
  colliding,
  busy,
  onKeep,
  onOverwrite,
  onDiscard,
}: Props) {
  const keep = useRef<HTMLButtonElement>(null);
  const introId = useId();
  const overlap = colliding.length > 0;
  return (
    <Dialog
      open={conflict !== undefined}
      title={text.title}
      onClose={onKeep}
      initialFocus={keep}
      describedBy={introId}
      className="confirm-dialog conflict-dialog"
    >
      <p id={introId}>{text.intro}</p>
      <ul className="conflict-dialog__changes">
        {conflict?.changes.map((change, index) => {
          const { what, who } = describeChange(change);
          return (
            // The same field may change twice; the list never reorders.
            // biome-ignore lint/suspicious/noArrayIndexKey: fixed list
            <li key={index}>
              <strong>{what}</strong> <span className="conflict-dialog__who">{who}</span>
            </li>
          );
        })}
      </ul>
      {overlap && (
        <p>
          {fill(text.overlap, {
            fields: [...new Set(colliding.map(fieldLabel))].join(', '),
          })}
        </p>
      )}
      <div className="confirm-dialog__actions">
        <button
          ref={keep}
          type="button"
          className="button button--primary"
          disabled={busy}
          onClick={onKeep}
        >
          {overlap ? text.keepOthers : text.keep}
        </button>
        {overlap && (
          <button
            type="button"
            className="button button--secondary"
            disabled={busy}
            onClick={onOverwrite}
          >
            {text.overwrite}
          </button>
        )}
        <button
          type="button"
          className="button button--secondary"
          disabled={busy}
          onClick={onDiscard}
        >
          {text.discard}
        </button>
      </div>
    </Dialog>
  );
}
