/**
 * The survivors of a mutation run, each with why it is still there (issue 48: "its report lists
 * each survivor kept and why"). The why comes from docs/testing.md: its table of survivors kept
 * (equivalent mutants) and its list of real gaps. A survivor named in neither is listed as
 * unexplained, so the list never hides one.
 */

/**
 * `killed by hand`: a kept-table row that says "not equivalent": a test (often written after the run)
 * fails with the mutant put in by hand, which Stryker did not record (yet, or at all).
 */
type Verdict = 'equivalent' | 'killed by hand' | 'gap' | 'unexplained';

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

/** One place docs/testing.md explains: a path (or its tail) and a line or a range of lines. */
interface Explanation extends Reason {
  readonly path: string;
  readonly from: number;
  readonly to: number;
}

/** `path:12` (or `path:12-14`) starts a file; `:14` after it is another line of the same file. */
function placesIn(cell: string): Array<Pick<Explanation, 'path' | 'from' | 'to'>> {
  const places: Array<Pick<Explanation, 'path' | 'from' | 'to'>> = [];
  let path = '';
  // `path:245`–`:253` is a range too.
  const ranges = cell.replace(/`([^`]*:\d+)`\s*[–-]\s*`:(\d+)`/g, '`$1-$2`');
  for (const [, token = ''] of ranges.matchAll(/`([^`]+)`/g)) {
    const place = /^([\w./-]+\.\w+)?:(\d+)(?:-(\d+))?$/.exec(token);
    if (!place) continue;
    path = place[1] ?? path;
    if (!path) continue;
    const from = Number(place[2]);
    places.push({ path, from, to: place[3] ? Number(place[3]) : from });
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

/** Every place docs/testing.md explains, with its verdict and its words. */
export function reasonsFrom(markdown: string): Explanation[] {
  const explained: Explanation[] = [];
  for (const row of sectionOf(markdown, KEPT_HEADING)) {
    const cells = row.split(/(?<!\\)\|/).map((cell) => cell.trim());
    const [, where = '', why = ''] = cells;
    const verdict = /^not equivalent/i.test(why) ? 'killed by hand' : 'equivalent';
    for (const place of placesIn(where)) explained.push({ ...place, verdict, why });
  }
  for (const item of sectionOf(markdown, GAPS_HEADING)) {
    if (!item.startsWith('- ')) continue;
    const why = item.replace(/^- [^:]*`[^`]*`[^:]*: /, '').trim();
    for (const place of placesIn(item.split(': ')[0] ?? '')) {
      explained.push({ ...place, verdict: 'gap', why });
    }
  }
  return explained;
}

const sameFile = (file: string, path: string) => file === path || file.endsWith(`/${path}`);

/** The explanation of a survivor's line, if docs/testing.md gives one. */
export function reasonFor(
  survivor: Pick<Survivor, 'file' | 'line'>,
  explained: readonly Explanation[],
): Reason | undefined {
  const found = explained.find(
    ({ path, from, to }) =>
      sameFile(survivor.file, path) && survivor.line >= from && survivor.line <= to,
  );
  return found && { verdict: found.verdict, why: found.why };
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

const cellText = (text: string) => text.replaceAll('|', '\\|').replaceAll('\n', ' ');
const codeText = (text: string) => cellText(text.slice(0, 60)).replaceAll('`', "'");

/** A markdown list of one group's survivors, and how many of each verdict. */
export function listSurvivors(
  group: string,
  survivors: readonly Survivor[],
  explained: readonly Explanation[],
): { markdown: string; counts: Record<Verdict, number> } {
  const counts: Record<Verdict, number> = {
    equivalent: 0,
    'killed by hand': 0,
    gap: 0,
    unexplained: 0,
  };
  const rows = [...survivors]
    .sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line)
    .map((survivor) => {
      const reason = reasonFor(survivor, explained);
      const verdict: Verdict = reason?.verdict ?? 'unexplained';
      counts[verdict] += 1;
      const status = survivor.status === 'NoCoverage' ? 'no coverage' : 'survived';
      return `| \`${survivor.file}:${survivor.line}\` | ${survivor.mutator}: \`${codeText(survivor.replacement)}\` | ${status} | ${verdict} | ${cellText(reason?.why ?? '')} |`;
    });
  const heading = `## ${group}: ${survivors.length} survivors (${counts.equivalent} equivalent, ${counts['killed by hand']} killed by hand, ${counts.gap} gaps named, ${counts.unexplained} unexplained)`;
  const table = ['| where | mutant | status | verdict | why |', '|---|---|---|---|---|', ...rows];
  return { markdown: [heading, '', ...table, ''].join('\n'), counts };
}

/**
 * The places docs/testing.md explains, in files these reports mutated, where no mutant survives
 * now: a test killed it since (a "killed by hand" row now counted), or the code moved. Their rows
 * are to be pruned or renumbered, so the table keeps explaining only what survives.
 */
export function placesWithoutSurvivors(
  explained: readonly Explanation[],
  reports: readonly ReportShape[],
): Explanation[] {
  const files = reports.flatMap((report) => Object.keys(report.files));
  const survivors = reports.flatMap(survivorsOf);
  return explained.filter(
    (place) =>
      files.some((file) => sameFile(file, place.path)) &&
      !survivors.some(
        (survivor) =>
          sameFile(survivor.file, place.path) &&
          survivor.line >= place.from &&
          survivor.line <= place.to,
      ),
  );
}

/** A markdown list of those places, each with its verdict. */
export function listPlacesWithoutSurvivors(places: readonly Explanation[]): string {
  const lines = places.map(
    ({ path, from, to, verdict }) =>
      `- \`${path}:${from === to ? from : `${from}-${to}`}\` (${verdict})`,
  );
  return [
    `## Places docs/testing.md explains where nothing survives now (${places.length}): rows to prune`,
    '',
    ...lines,
    '',
  ].join('\n');
}
