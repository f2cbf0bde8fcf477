import { useCallback, useState } from 'react';
import { type FieldErrors, focusFirstError } from './field-errors';

/**
 * A form's field errors: `show` puts them under their fields and moves focus to the first,
 * `clear` takes one away as soon as the person edits that field.
 */
export function useFieldErrors<F extends string>(order: readonly F[], idOf?: (field: F) => string) {
  const [errors, setErrors] = useState<FieldErrors<F>>({});
  const clear = useCallback(
    (field: F) =>
      setErrors((current) => (current[field] ? { ...current, [field]: undefined } : current)),
    [],
  );
  const show = (found: FieldErrors<F>): boolean => {
    setErrors(found);
    focusFirstError(order, found, idOf);
    return order.some((field) => found[field]);
  };
  const reset = useCallback(() => setErrors({}), []);
  return { errors, show, clear, reset };
}
