import { describe, expect, it } from 'vitest';
import {
  DENIAL_REASONS,
  describeAdditionalReason,
  encodeAdditionalReason,
  NEEDED_DOCUMENT_REASONS,
  PENDING_REASONS,
  PROCESS_REASONS,
  parseAdditionalReason,
  STATUS_REASON_RULES,
} from './reasons';

describe('reason lists', () => {
  it('has 17 pending reasons (12 needed documents and 5 process), 19 denial reasons, 9 of them for All', () => {
    expect(NEEDED_DOCUMENT_REASONS).toHaveLength(12);
    expect(PROCESS_REASONS).toHaveLength(5);
    expect(PENDING_REASONS).toHaveLength(17);
    expect(DENIAL_REASONS).toHaveLength(19);
    expect(DENIAL_REASONS.filter((reason) => reason.group === 'All')).toHaveLength(9);
  });

  it('gives every reason a unique code without commas and English and French wording', () => {
    const all = [...PENDING_REASONS, ...DENIAL_REASONS];
    expect(new Set(all.map((reason) => reason.code)).size).toBe(all.length);
    for (const reason of all) {
      expect(reason.code).toMatch(/^[A-Za-z]+$/);
      expect(reason.en).not.toBe('');
      expect(reason.fr).not.toBe('');
    }
  });

  it('prefixes each denial reason with its group', () => {
    for (const reason of DENIAL_REASONS)
      expect(reason.en.startsWith(`${reason.group} - `)).toBe(true);
  });

  it('gives Submitted no list, Pending, In Progress and Approved the pending list (multi), Denied the denial list (single)', () => {
    expect(STATUS_REASON_RULES.Submitted.selection).toBe('none');
    for (const status of ['Pending', 'In Progress', 'Approved'] as const) {
      expect(STATUS_REASON_RULES[status]).toEqual({
        reasons: PENDING_REASONS,
        selection: 'multiple',
      });
    }
    expect(STATUS_REASON_RULES.Denied).toEqual({ reasons: DENIAL_REASONS, selection: 'single' });
  });

  it('stores multi-select as Array: plus comma-separated codes, and reads it back in either language', () => {
    const stored = encodeAdditionalReason(['bankStatement', 'sentToMedical'], 'multiple');
    expect(stored).toBe('Array:bankStatement,sentToMedical');
    expect(parseAdditionalReason(stored)).toEqual(['bankStatement', 'sentToMedical']);
    expect(parseAdditionalReason('coverageExpired')).toEqual(['coverageExpired']);
    expect(parseAdditionalReason(null)).toEqual([]);
    expect(describeAdditionalReason(stored, 'fr')).toEqual([
      'Relevé bancaire requis',
      'Dossier transmis au Service médical',
    ]);
  });
});
