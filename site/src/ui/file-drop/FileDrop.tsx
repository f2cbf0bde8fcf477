import { type DragEvent, useEffect, useId, useRef, useState } from 'react';

interface FileDropItem {
  readonly name: string;
  readonly sizeLabel: string;
  /** 0 to 100 while uploading; undefined before. */
  readonly percent?: number;
}

interface FileDropLabels {
  readonly legend: string;
  readonly limits: string;
  readonly dropHere: string;
  readonly choose: string;
  readonly chosen: string;
  /** The visible word; the file's name follows it for screen readers. */
  readonly remove: string;
  readonly progress: (percent: number) => string;
}

export interface FileDropProps {
  readonly labels: FileDropLabels;
  readonly accept: string;
  readonly items: readonly FileDropItem[];
  readonly disabled?: boolean;
  readonly errorId?: string;
  readonly onChoose: (files: readonly File[]) => void;
  readonly onRemove: (index: number) => void;
}

/**
 * Files chosen by dragging them onto the zone or with the native picker (a real <input>,
 * so keyboard and screen readers work as they do everywhere), listed with a remove button
 * and, while uploading, a progress bar each.
 */
export function FileDrop({ labels, accept, items, disabled, errorId, ...on }: FileDropProps) {
  const inputId = useId();
  const chooseId = useId();
  const legendId = useId();
  const limitsId = useId();
  const [dragging, setDragging] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  // Disabled while its files upload, the input drops the keyboard's focus to <body>: it gets
  // it back once the control is enabled again (issue 47).
  const refocus = useRef(false);
  useEffect(() => {
    if (disabled || !refocus.current) return;
    refocus.current = false;
    input.current?.focus();
  }, [disabled]);

  const drop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    if (!disabled) on.onChoose([...event.dataTransfer.files]);
  };

  return (
    <fieldset className="file-drop" disabled={disabled}>
      <legend id={legendId}>{labels.legend}</legend>
      <p id={limitsId} className="file-drop__limits">
        {labels.limits}
      </p>
      {/* biome-ignore lint/a11y/noStaticElementInteractions: dropping is a mouse shortcut; the keyboard way in is the file input inside. */}
      <div
        className={dragging ? 'file-drop__zone file-drop__zone--over' : 'file-drop__zone'}
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={drop}
      >
        <span>{labels.dropHere}</span>{' '}
        <label id={chooseId} htmlFor={inputId} className="file-drop__choose">
          {labels.choose}
        </label>
        <input
          ref={input}
          id={inputId}
          // Its own name on a page of several: "choose files" and what they are for.
          aria-labelledby={`${chooseId} ${legendId}`}
          className="file-drop__input"
          type="file"
          multiple
          accept={accept}
          aria-describedby={[limitsId, errorId].filter(Boolean).join(' ')}
          onBlur={() => {
            // Left by the reader (not by being disabled): nothing to give back.
            if (!disabled) refocus.current = false;
          }}
          onChange={(event) => {
            refocus.current = document.activeElement === event.currentTarget;
            on.onChoose([...(event.currentTarget.files ?? [])]);
            event.currentTarget.value = '';
          }}
        />
      </div>
      {items.length > 0 && (
        <>
          <p className="file-drop__chosen">{labels.chosen}</p>
          <ul className="file-drop__list">
            {items.map((item, index) => (
              <li key={item.name} className="file-drop__item">
                <bdi className="file-drop__name">{item.name}</bdi>
                <span className="file-drop__size">{item.sizeLabel}</span>
                {item.percent === undefined ? (
                  <button
                    type="button"
                    className="button button--secondary file-drop__remove"
                    onClick={() => on.onRemove(index)}
                  >
                    {labels.remove}
                    <span className="visually-hidden">
                      {' '}
                      <bdi>{item.name}</bdi>
                    </span>
                  </button>
                ) : (
                  <progress
                    className="file-drop__progress"
                    max={100}
                    value={item.percent}
                    aria-label={`${item.name}: ${labels.progress(item.percent)}`}
                  />
                )}
              </li>
            ))}
          </ul>
        </>
      )}
    </fieldset>
  );
}
