import { useState } from 'react';

interface HoneypotProps {
  readonly id: string;
  readonly label: string;
  readonly value: string;
  readonly onChange: (value: string) => void;
}

/**
 * The honeypot's value and the props of its field: people never see the field, so it stays
 * empty unless a robot fills it.
 */
export function useHoneypot(id: string, label: string): readonly [string, HoneypotProps] {
  const [value, setValue] = useState('');
  return [value, { id, label, value, onChange: setValue }];
}

/** A field people never see (off-screen, hidden from assistive technology); only robots fill it. */
export function HoneypotField({ id, label, value, onChange }: HoneypotProps) {
  return (
    <div className="trap-field" aria-hidden="true">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        name="website"
        type="text"
        tabIndex={-1}
        autoComplete="off"
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
    </div>
  );
}
