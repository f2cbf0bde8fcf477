export interface Choice {
  readonly value: string;
  readonly label: string;
  readonly hint?: string | undefined;
}

/**
 * Radio buttons under one legend, with the group's error wired like a field's: the first
 * radio has the id `{name}-0`, which is where focus goes when the group has the first error.
 */
export function ChoiceGroup({
  name,
  legend,
  choices,
  value,
  error,
  onChange,
}: {
  readonly name: string;
  readonly legend: string;
  readonly choices: readonly Choice[];
  readonly value: string;
  readonly error?: string | undefined;
  readonly onChange: (value: string) => void;
}) {
  return (
    <fieldset
      className="choice-group"
      aria-invalid={error ? true : undefined}
      aria-describedby={error ? `${name}-error` : undefined}
    >
      <legend>{legend}</legend>
      {choices.map((choice, index) => (
        <div className="choice" key={choice.value}>
          <input
            type="radio"
            id={`${name}-${index}`}
            name={name}
            value={choice.value}
            checked={value === choice.value}
            aria-describedby={choice.hint ? `${name}-${index}-hint` : undefined}
            onChange={() => onChange(choice.value)}
          />
          <label htmlFor={`${name}-${index}`}>
            {choice.label}
            {choice.hint && (
              <span id={`${name}-${index}-hint`} className="choice__hint">
                {choice.hint}
              </span>
            )}
          </label>
        </div>
      ))}
      {error && (
        <p id={`${name}-error`} className="field-error">
          {error}
        </p>
      )}
    </fieldset>
  );
}
