import { type KeyboardEvent, type ReactNode, type Ref, useId, useRef } from 'react';

export interface TabsProps {
  readonly label: string;
  readonly tabs: readonly string[];
  readonly selected: number;
  readonly onSelect: (index: number) => void;
  /** Every panel stays mounted, so a form keeps what was typed while another tab shows. */
  readonly panels: readonly ReactNode[];
  /** The shown panel, made focusable, for a caller that moves focus onto it (after a save). */
  readonly panelRef?: Ref<HTMLDivElement> | undefined;
}

/** The ARIA tabs pattern: arrow keys, Home and End move between tabs, Tab moves into the panel. */
export function Tabs({ label, tabs, selected, onSelect, panels, panelRef }: TabsProps) {
  const id = useId();
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);

  function onKeyDown(event: KeyboardEvent) {
    const next = tabAfterKey(event.key, selected, tabs.length);
    if (next === undefined) return;
    event.preventDefault();
    onSelect(next);
    buttons.current[next]?.focus();
  }

  return (
    <div className="tabs">
      <div role="tablist" aria-label={label} className="tabs__list" onKeyDown={onKeyDown}>
        {tabs.map((name, index) => (
          <button
            key={name}
            ref={(element) => {
              buttons.current[index] = element;
            }}
            type="button"
            role="tab"
            id={`${id}-tab-${index}`}
            aria-selected={index === selected}
            aria-controls={`${id}-panel-${index}`}
            tabIndex={index === selected ? 0 : -1}
            className="tabs__tab"
            onClick={() => onSelect(index)}
          >
            {name}
          </button>
        ))}
      </div>
      {panels.map((panel, index) => (
        <div
          // biome-ignore lint/suspicious/noArrayIndexKey: one panel per tab, in tab order
          key={index}
          role="tabpanel"
          id={`${id}-panel-${index}`}
          aria-labelledby={`${id}-tab-${index}`}
          hidden={index !== selected}
          ref={index === selected ? panelRef : undefined}
          tabIndex={panelRef ? -1 : undefined}
          className="tabs__panel"
        >
          {panel}
        </div>
      ))}
    </div>
  );
}

/** Where a key moves the selection in a row of tabs that wraps around. */
function tabAfterKey(key: string, selected: number, count: number): number | undefined {
  switch (key) {
    case 'ArrowRight':
      return (selected + 1) % count;
    case 'ArrowLeft':
      return (selected - 1 + count) % count;
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
    default:
      return undefined;
  }
}
