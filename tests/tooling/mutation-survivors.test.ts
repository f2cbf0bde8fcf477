import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  listPlacesWithoutSurvivors,
  listSurvivors,
  placesWithoutSurvivors,
  reasonFor,
  reasonsFrom,
  survivorsOf,
} from '../../scripts/mutation/survivors';

const DOC = `
### Survivors kept, and why they are equivalent

| Where | Why no test can kill it |
|---|---|
| \`services/a.ts:12\` | a reason with a \\| pipe |
| \`services/b.ts:3\`, \`:7\` (2: \`?.\` → \`.\`) | b's reason |
| \`services/g.ts:9\` (the check dropped) | not equivalent, killed since the run: g.test.ts fails with it |
| \`policy/e.ts:20-22\` (3) | a range, named by the path's tail |
| \`services/f.ts:5\`, \`:30\`–\`:32\` (4) | ranges written with a dash between two places |

### Survivors that are real gaps (to kill next)

- \`services/c.ts:40\` (\`!moved\` → false): no test moves it twice.

### Something else

| \`services/d.ts:1\` | not a survivor table |
`;

const mutant = (line: number, status: string) => ({
  status,
  mutatorName: 'ConditionalExpression',
  replacement: 'true',
  location: { start: { line } },
});

const REPORT = {
  files: {
    'services/a.ts': { mutants: [mutant(12, 'Survived'), mutant(13, 'Killed')] },
    'services/b.ts': { mutants: [mutant(7, 'NoCoverage'), mutant(8, 'Timeout')] },
    'services/c.ts': { mutants: [mutant(40, 'Survived')] },
    'services/d.ts': { mutants: [mutant(1, 'Survived')] },
  },
};

describe('the survivors of a mutation run, with their why', () => {
  it('reads the kept table, its short line references, ranges, tails and the gaps, and nothing after them', () => {
    const explained = reasonsFrom(DOC);
    const why = (file: string, line: number) => reasonFor({ file, line }, explained);
    expect(why('services/a.ts', 12)).toEqual({
      verdict: 'equivalent',
      why: 'a reason with a \\| pipe',
    });
    expect(why('services/a.ts', 13)).toBeUndefined();
    expect(why('services/b.ts', 3)?.why).toBe("b's reason");
    expect(why('services/b.ts', 7)?.why).toBe("b's reason");
    expect(why('services/claims/policy/e.ts', 20)?.why).toBe("a range, named by the path's tail");
    expect(why('services/claims/policy/e.ts', 22)?.verdict).toBe('equivalent');
    expect(why('services/claims/policy/e.ts', 23)).toBeUndefined();
    expect(why('services/claims/xpolicy/e.ts', 20)).toBeUndefined();
    expect(why('services/f.ts', 31)?.verdict).toBe('equivalent');
    expect(why('services/f.ts', 5)?.verdict).toBe('equivalent');
    expect(why('services/f.ts', 33)).toBeUndefined();
    expect(why('services/c.ts', 40)).toEqual({ verdict: 'gap', why: 'no test moves it twice.' });
    expect(why('services/d.ts', 1)).toBeUndefined();
    expect(why('services/g.ts', 9)?.verdict).toBe('killed by hand');
  });

  it('lists only the survived and uncovered mutants, each with its verdict, none hidden', () => {
    const survivors = survivorsOf(REPORT);
    expect(survivors.map(({ file, line }) => `${file}:${line}`)).toEqual([
      'services/a.ts:12',
      'services/b.ts:7',
      'services/c.ts:40',
      'services/d.ts:1',
    ]);
    const { markdown, counts } = listSurvivors('demo', survivors, reasonsFrom(DOC));
    expect(counts).toEqual({ equivalent: 2, 'killed by hand': 0, gap: 1, unexplained: 1 });
    expect(markdown).toContain(
      '## demo: 4 survivors (2 equivalent, 0 killed by hand, 1 gaps named, 1 unexplained)',
    );
    expect(markdown).toContain(
      '| `services/d.ts:1` | ConditionalExpression: `true` | survived | unexplained |  |',
    );
    expect(markdown).toContain(
      '| `services/b.ts:7` | ConditionalExpression: `true` | no coverage | equivalent |',
    );
  });

  it('names the places explained in the mutated files where nothing survives now, and only those', () => {
    const report = {
      files: {
        ...REPORT.files,
        // g.ts:9's mutant is killed now; f.ts's lines moved: nothing survives at 5 or 30–32.
        'services/g.ts': { mutants: [mutant(9, 'Killed')] },
        'services/f.ts': { mutants: [mutant(31, 'Killed'), mutant(40, 'Survived')] },
      },
    };
    const stale = placesWithoutSurvivors(reasonsFrom(DOC), [report]);
    // b.ts:3 is in a mutated file, and only its :7 survives; e.ts was not mutated in this run.
    expect(stale.map(({ path, from, to }) => `${path}:${from}-${to}`)).toEqual([
      'services/b.ts:3-3',
      'services/g.ts:9-9',
      'services/f.ts:5-5',
      'services/f.ts:30-32',
    ]);
    const markdown = listPlacesWithoutSurvivors(stale);
    expect(markdown).toContain('explains where nothing survives now (4): rows to prune');
    expect(markdown).toContain('- `services/g.ts:9` (killed by hand)');
    expect(markdown).toContain('- `services/f.ts:30-32` (equivalent)');
  });

  it('reads docs/testing.md as it is: every kept row names at least one place', () => {
    const markdown = readFileSync('docs/testing.md', 'utf8');
    const kept = reasonsFrom(markdown).filter(({ verdict }) => verdict !== 'gap');
    const keptRows = markdown
      .slice(
        markdown.indexOf('### Survivors kept'),
        markdown.indexOf('### Survivors that are real gaps'),
      )
      .split('\n')
      .filter((line) => line.startsWith('| `'));
    expect(keptRows.length).toBeGreaterThan(100);
    expect(kept.length).toBeGreaterThanOrEqual(keptRows.length);
  });
});
