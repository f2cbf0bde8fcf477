/**
 * The survivors of a mutation run, each with why it is still there (issue 48: "its report lists
 * each survivor kept and why"). The why comes from docs/testing.md: its table of survivors kept
 * (equivalent mutants) and its list of real gaps. A survivor named in neither is listed as
 * unexplained, so the list never hides one.
 */

type Verdict = 'equivalent' | 'gap' | 'unexplained';

interface Reason {
  readonly verdict: Exclude<Verdict, 'unexplained'>;
  readonly why: string;
}

interface Survivor {
  readonly file: string;
  readonly line: number;
  readonly mutator: string;
  readonly replacement: string;
  readonly status: 'Survived' | 'NoCoverage';
}

interface ReportShape {
  readonly files: Record<
    string,
    {
      readonly mutants: ReadonlyArray<{
        readonly status: string;
        readonly mutatorName: string;
        readonly replacement?: string;
        readonly location: { readonly start: { readonly line: number } };
      }>;
    }
  >;
}

const KEPT_HEADING = '### Survivors kept';
const GAPS_HEADING = '### Survivors that are real gaps';

/** `path:12` starts a file; `:14` after it is another line of the same file. */
function placesIn(cell: string): string[] {
  const places: string[] = [];
  let file = '';
  for (const [, token] of cell.matchAll(/`([^`]+)`/g)) {
    const full = /^([\w./-]+\.\w+):(\d+)$/.exec(token ?? '');
    const short = /^:(\d+)$/.exec(token ?? '');
    if (full) {
      file = full[1] ?? '';
      places.push(`${file}:${full[2]}`);
    } else if (short && file) places.push(`${file}:${short[1]}`);
  }
  return places;
}

function sectionOf(markdown: string, heading: string): string[] {
  const lines = markdown.split('\n');
  const start = lines.findIndex((line) => line.startsWith(heading));
  if (start < 0) return [];
  const end = lines.findIndex((line, index) => index > start && /^#{1,3} /.test(line));
  return lines.slice(start + 1, end < 0 ? undefined : end);
}

/** Every `path:line` docs/testing.md explains, with its verdict and its words. */
export function reasonsFrom(markdown: string): Map<string, Reason> {
  const reasons = new Map<string, Reason>();
  for (const row of sectionOf(markdown, KEPT_HEADING)) {
    const cells = row.split(/(?<!\\)\|/).map((cell) => cell.trim());
    const [, where = '', why = ''] = cells;
    for (const place of placesIn(where)) reasons.set(place, { verdict: 'equivalent', why });
  }
  for (const item of sectionOf(markdown, GAPS_HEADING)) {
    if (!item.startsWith('- ')) continue;
    const why = item.replace(/^- [^:]*`[^`]*`[^:]*: /, '').trim();
    for (const place of placesIn(item.split(': ')[0] ?? '')) {
      reasons.set(place, { verdict: 'gap', why });
    }
  }
  return reasons;
}

export function survivorsOf(report: ReportShape): Survivor[] {
  return Object.entries(report.files).flatMap(([file, { mutants }]) =>
    mutants
      .filter(({ status }) => status === 'Survived' || status === 'NoCoverage')
      .map((mutant) => ({
        file,
        line: mutant.location.start.line,
        mutator: mutant.mutatorName,
        replacement: mutant.replacement ?? '',
        status: mutant.status as Survivor['status'],
      })),
  );
}

function verdictOf(survivor: Survivor, reasons: Map<string, Reason>): Reason | undefined {
  return reasons.get(`${survivor.file}:${survivor.line}`);
}

const cellText = (text: string) => text.replaceAll('|', '\\|').replaceAll('\n', ' ');
const codeText = (text: string) => cellText(text.slice(0, 60)).replaceAll('`', "'");

/** A markdown list of one group's survivors, and how many of each verdict. */
export function listSurvivors(
  group: string,
  survivors: readonly Survivor[],
  reasons: Map<string, Reason>,
): { markdown: string; counts: Record<Verdict, number> } {
  const counts: Record<Verdict, number> = { equivalent: 0, gap: 0, unexplained: 0 };
  const rows = [...survivors]
    .sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line)
    .map((survivor) => {
      const reason = verdictOf(survivor, reasons);
      const verdict: Verdict = reason?.verdict ?? 'unexplained';
      counts[verdict] += 1;
      const status = survivor.status === 'NoCoverage' ? 'no coverage' : 'survived';
      return `| \`${survivor.file}:${survivor.line}\` | ${survivor.mutator}: \`${codeText(survivor.replacement)}\` | ${status} | ${verdict} | ${cellText(reason?.why ?? '')} |`;
    });
  const heading = `## ${group}: ${survivors.length} survivors (${counts.equivalent} equivalent, ${counts.gap} gaps named, ${counts.unexplained} unexplained)`;
  const table = ['| where | mutant | status | verdict | why |', '|---|---|---|---|---|', ...rows];
  return { markdown: [heading, '', ...table, ''].join('\n'), counts };
}
