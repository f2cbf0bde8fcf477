/** Opens the browser's print dialog; the print style sheet leaves only the report. */
export default function PrintButton({ label }: { label: string }) {
  return (
    <button type="button" className="button button--primary" onClick={() => window.print()}>
      {label}
    </button>
  );
}
