/** Grey rows standing in for a table while it loads, announced by their label. */
export function SkeletonRows({ label, rows = 3 }: { label: string; rows?: number }) {
  return (
    <div className="skeleton" role="status" aria-label={label}>
      {Array.from({ length: rows }, (_, row) => `row-${row}`).map((key) => (
        <div key={key} className="skeleton-row" />
      ))}
    </div>
  );
}
