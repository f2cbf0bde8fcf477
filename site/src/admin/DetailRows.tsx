import type { ReactNode } from 'react';

/** Term and value pairs of a description list (inside a `details-list`). */
export function DetailRows({ rows }: { rows: readonly (readonly [string, ReactNode])[] }) {
  return (
    <>
      {rows.map(([term, value]) => (
        <div key={term}>
          <dt>{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </>
  );
}
