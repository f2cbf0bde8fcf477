import { type ReactNode, useId, useState } from 'react';

/**
 * A short explanation shown while its trigger has the pointer or the keyboard focus, and
 * dismissed with Escape (WCAG 1.4.13). The trigger is a real button, so Tab reaches it.
 */
export function Tooltip({ trigger, text }: { trigger: ReactNode; text: string }) {
  const id = useId();
  const [shown, setShown] = useState(false);
  return (
    <span className="tooltip">
      <button
        type="button"
        className="tooltip__trigger"
        aria-describedby={id}
        onMouseEnter={() => setShown(true)}
        onMouseLeave={() => setShown(false)}
        onFocus={() => setShown(true)}
        onBlur={() => setShown(false)}
        onKeyDown={(event) => {
          if (event.key === 'Escape') setShown(false);
        }}
      >
        {trigger}
      </button>
      <span role="tooltip" id={id} className="tooltip__text" hidden={!shown}>
        {text}
      </span>
    </span>
  );
}
