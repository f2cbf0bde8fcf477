/** Counts of a Stryker JSON report (mutation-testing-report-schema) and its score. */
export interface MutationTally {
  readonly mutants: number;
  readonly killed: number;
  readonly timeout: number;
  readonly survived: number;
  readonly noCoverage: number;
  /** Ignored (static), compile and runtime errors: outside the score, as in Stryker's. */
  readonly other: number;
  /** Detected (killed + timeout) over the valid ones (detected + survived + no coverage), in %. */
  readonly score: number;
}

interface ReportShape {
  readonly files: Record<string, { readonly mutants: ReadonlyArray<{ readonly status: string }> }>;
}

const COUNTED = {
  Killed: 'killed',
  Timeout: 'timeout',
  Survived: 'survived',
  NoCoverage: 'noCoverage',
} as const;

type Counts = Omit<MutationTally, 'score'>;

const scoreOf = (counts: Counts): number => {
  const detected = counts.killed + counts.timeout;
  const valid = detected + counts.survived + counts.noCoverage;
  return valid === 0 ? 100 : (100 * detected) / valid;
};

const withScore = (counts: Counts): MutationTally => ({ ...counts, score: scoreOf(counts) });

const NONE: Counts = { mutants: 0, killed: 0, timeout: 0, survived: 0, noCoverage: 0, other: 0 };

export function tallyReport(report: ReportShape): MutationTally {
  const counts = { ...NONE };
  for (const file of Object.values(report.files)) {
    for (const { status } of file.mutants) {
      counts.mutants += 1;
      const key = COUNTED[status as keyof typeof COUNTED] ?? 'other';
      counts[key] += 1;
    }
  }
  return withScore(counts);
}

export function sumTallies(tallies: readonly MutationTally[]): MutationTally {
  const counts = { ...NONE };
  for (const tally of tallies) {
    for (const key of Object.keys(NONE) as Array<keyof Counts>) counts[key] += tally[key];
  }
  return withScore(counts);
}

export function formatTally(tally: MutationTally): string {
  const { mutants, killed, timeout, survived, noCoverage, score } = tally;
  return `${score.toFixed(2).padStart(6)} %  ${mutants} mutants: ${killed} killed, ${timeout} timeout, ${survived} survived, ${noCoverage} no coverage`;
}
