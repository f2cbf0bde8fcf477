/**
 * Errors of a control or a step, announced when they appear. The live region wraps the list:
 * `role="alert"` on the `<ul>` itself would take away its list role and orphan its items
 * (axe "listitem", WCAG 1.3.1).
 */
export function ErrorList({
  id,
  errors,
}: {
  readonly id?: string | undefined;
  readonly errors: readonly string[];
}) {
  if (errors.length === 0) return null;
  return (
    <div id={id} role="alert">
      <ul className="field-errors">
        {errors.map((error) => (
          <li key={error}>{error}</li>
        ))}
      </ul>
    </div>
  );
}
