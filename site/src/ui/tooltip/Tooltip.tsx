import { type ReactNode, useId, useLayoutEffect, useRef, useState } from 'react';

const GAP_PX = 4;
const MARGIN_PX = 8;

/**
 * Where the text goes: above the trigger, or below it when there is no room above, and
 * never past the viewport's sides.
 */
function place(trigger: HTMLElement, text: HTMLElement) {
  const anchor = trigger.getBoundingClientRect();
  const width = text.offsetWidth;
  const height = text.offsetHeight;
  const above = anchor.top - GAP_PX - height;
  const top = above >= MARGIN_PX ? above : anchor.bottom + GAP_PX;
  const maxLeft = document.documentElement.clientWidth - width - MARGIN_PX;
  text.style.top = `${Math.round(top)}px`;
  text.style.left = `${Math.round(Math.max(MARGIN_PX, Math.min(anchor.left, maxLeft)))}px`;
}

/**
 * A short explanation shown while its trigger has the pointer or the keyboard focus, and
 * dismissed with Escape (WCAG 1.4.13). The trigger is a real button, so Tab reaches it.
 * The text is a popover: in the top layer, so no scrolling table or header can clip it
 * (issue 28 finding 5).
 */
export function Tooltip({ trigger, text }: { trigger: ReactNode; text: string }) {
  const id = useId();
  const [shown, setShown] = useState(false);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const textRef = useRef<HTMLSpanElement>(null);

  useLayoutEffect(() => {
    const popover = textRef.current;
    const button = triggerRef.current;
    if (!popover || !button) return;
    if (!shown) {
      if (popover.matches(':popover-open')) popover.hidePopover();
      return;
    }
    if (!popover.matches(':popover-open')) popover.showPopover();
    place(button, popover);
    // It stays beside its trigger while the page or a table scrolls under it.
    const follow = () => place(button, popover);
    window.addEventListener('scroll', follow, { capture: true, passive: true });
    window.addEventListener('resize', follow, { passive: true });
    return () => {
      window.removeEventListener('scroll', follow, { capture: true });
      window.removeEventListener('resize', follow);
    };
  }, [shown]);

  return (
    <span className="tooltip">
      <button
        ref={triggerRef}
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
      <span ref={textRef} role="tooltip" id={id} className="tooltip__text" popover="manual">
        {text}
      </span>
    </span>
  );
}
