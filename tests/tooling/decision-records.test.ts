import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  DECISIONS_DIR,
  parseRecord,
  readRecords,
  renderIndex,
} from '../../scripts/decisions-index';

const exists = (known: readonly string[]) => (file: string) => known.includes(file);
const record = (statusLine: string) => `# 042: A choice\n\n${statusLine}\n\n## Context\n\nWhy.\n`;

describe('decision records', () => {
  it('every record has a valid Status line, and every record it links exists', () => {
    expect(readRecords().problems).toEqual([]);
  });

  it('docs/decisions/README.md lists every record as the records say (npm run decisions:index)', () => {
    const readme = readFileSync(join(DECISIONS_DIR, 'README.md'), 'utf8');
    expect(readme).toBe(renderIndex(readRecords().records));
  });
});

describe('a record as its file says it', () => {
  it('reads the number, title and status', () => {
    expect(parseRecord('042-a-choice.md', record('Status: Accepted'), exists([]))).toEqual({
      number: '042',
      file: '042-a-choice.md',
      title: 'A choice',
      status: 'Accepted',
    });
  });

  it('is refused without a Status line, or with a status outside the vocabulary', () => {
    const without = '# 042: A choice\n\n## Context\n\nWhy.\n';
    expect(parseRecord('042-a-choice.md', without, exists([]))).toHaveProperty('problem');
    expect(parseRecord('042-a-choice.md', record('Status: Done'), exists([]))).toHaveProperty(
      'problem',
    );
  });

  it('is refused when superseded by no linked record, or by one that does not exist', () => {
    const bare = record('Status: Superseded by 050');
    expect(parseRecord('042-a-choice.md', bare, exists([]))).toHaveProperty('problem');
    const linked = record('Status: Superseded by [050](050-later.md)');
    expect(parseRecord('042-a-choice.md', linked, exists([]))).toHaveProperty('problem');
    expect(parseRecord('042-a-choice.md', linked, exists(['050-later.md']))).toHaveProperty(
      'status',
      'Superseded by [050](050-later.md)',
    );
    const mislabelled = record('Status: Superseded by [051](050-later.md)');
    expect(parseRecord('042-a-choice.md', mislabelled, exists(['050-later.md']))).toHaveProperty(
      'problem',
    );
  });

  it("is refused when the title's number is not the file's", () => {
    expect(parseRecord('043-a-choice.md', record('Status: Accepted'), exists([]))).toHaveProperty(
      'problem',
    );
  });
});
