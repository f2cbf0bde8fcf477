import { ADMIN_TEXT } from '../admin-text';
import { auditExportUrl, auditReportUrl } from '../admin-paths';

const text = ADMIN_TEXT.auditor;

/** The Audit tab's way to the claim's audit export: a JSON file and a printable page. */
export function AuditExportLinks({ submissionId }: { submissionId: string }) {
  return (
    <section className="admin-audit-export" aria-labelledby="audit-export-title">
      <h3 id="audit-export-title">{text.exportTitle}</h3>
      <p className="field-hint">{text.exportIntro}</p>
      <ul className="admin-audit-export__links">
        <li>
          <a href={auditExportUrl(submissionId)}>{text.exportJson}</a>
        </li>
        <li>
          <a href={auditReportUrl(submissionId)}>{text.exportPrint}</a>
        </li>
      </ul>
    </section>
  );
}
