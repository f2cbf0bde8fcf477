import { useId, useRef } from 'react';
import { type ChosenFile, readChosenFile } from '@site/ui/file-drop/chosen-file';
import { fillIsolated } from '@site/ui/isolated-text';
import { ADMIN_TEXT } from '../admin-text';
import { viewDecisionLetter } from './letter-view';

const text = ADMIN_TEXT.claim;
const messages = ADMIN_TEXT.messages;
const size = (bytes: number) =>
  bytes >= 1024 * 1024
    ? `${(bytes / (1024 * 1024)).toFixed(1)} MB`
    : `${Math.max(1, Math.round(bytes / 1024))} KB`;

interface Props {
  readonly submissionId: string;
  readonly currentLetter: string | undefined;
  readonly chosen: ChosenFile | undefined;
  readonly error: string | undefined;
  readonly onChoose: (file: ChosenFile | undefined) => void;
  readonly onProblem: (message: string) => void;
}

/** The decision letter (EOB): view the current one, choose a new PDF to save with the edit. */
export function LetterField({
  submissionId,
  currentLetter,
  chosen,
  error,
  onChoose,
  onProblem,
}: Props) {
  const input = useRef<HTMLInputElement>(null);
  const id = useId();

  const viewCurrent = () => viewDecisionLetter(submissionId, onProblem);

  return (
    <fieldset className="field admin-letter" aria-describedby={`${id}-hint`}>
      <legend>{text.letter}</legend>
      <p className="admin-letter__current">
        {currentLetter ? (
          <>
            {fillIsolated(text.letterCurrent, { name: currentLetter })}{' '}
            <button
              type="button"
              className="button button--link"
              onClick={() => void viewCurrent()}
            >
              {text.letterView}
            </button>{' '}
            <a
              className="button button--link"
              href={`/api/admin/claims/${encodeURIComponent(submissionId)}/decision-letter/original`}
              download
            >
              {text.letterOriginal}
            </a>
          </>
        ) : (
          messages.noLetter
        )}
      </p>
      <p id={`${id}-hint`} className="field-hint">
        {text.letterHint}
      </p>
      <div className="admin-letter__choose">
        <label className="button button--secondary" htmlFor={`${id}-file`}>
          {text.letterChoose}
        </label>
        <input
          ref={input}
          id={`${id}-file`}
          className="file-drop__input"
          type="file"
          accept=".pdf,application/pdf"
          aria-describedby={[`${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ')}
          aria-invalid={error ? true : undefined}
          onChange={async (event) => {
            const file = event.target.files?.[0];
            onChoose(file && (await readChosenFile(file)));
          }}
        />
        {chosen && (
          <>
            <span>
              {fillIsolated(text.letterChosen, { name: chosen.fileName, size: size(chosen.size) })}
            </span>
            <button
              type="button"
              className="button button--link"
              onClick={() => {
                if (input.current) input.current.value = '';
                onChoose(undefined);
              }}
            >
              {text.letterRemove}
            </button>
          </>
        )}
      </div>
      {error && (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      )}
    </fieldset>
  );
}
