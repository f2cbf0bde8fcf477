import { describe, expect, it } from 'vitest';
import { matchCanonical, searchKey, statusList, statusParam } from './search-rules';

/** The rule as the spec reads: decomposed, accents dropped, lower case, trimmed. */
const byTheRule = (value: string) =>
  value
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .trim();

describe('searchKey', () => {
  it('drops accents, lowers and trims names', () => {
    expect(searchKey('  Éloïse ')).toBe('eloise');
    expect(searchKey('ZOË')).toBe('zoe');
    expect(searchKey('O^Brien`s')).toBe('obriens');
    expect(searchKey('Nguyễn 山田')).toBe('nguyen 山田');
    expect(searchKey('\tMarie-Anne\n')).toBe('marie-anne');
  });

  it('keys every ASCII character, alone and inside a name, as the whole rule does', () => {
    for (let code = 0; code < 128; code += 1) {
      const character = String.fromCharCode(code);
      for (const value of [character, `Ab${character}Cd`, ` ${character}x `]) {
        expect(searchKey(value), `U+${code.toString(16)}`).toBe(byTheRule(value));
      }
    }
  });
});

describe('statusList (issue 48)', () => {
  it('reads a status filter as typed in the URL, in list order, each once', () => {
    expect(statusList(' in progress ,pending,Pending')).toEqual(['Pending', 'In Progress']);
    expect(statusParam(['Pending', 'In Progress'])).toBe('pending,in progress');
  });

  it('refuses a filter naming anything else, or naming nothing', () => {
    expect(statusList('pending,lost')).toBeUndefined();
    expect(statusList('')).toBeUndefined();
  });

  it('matches a list entry whatever its case and spaces', () => {
    expect(matchCanonical(['In Progress', 'Denied'], '  in PROGRESS ')).toBe('In Progress');
    expect(matchCanonical(['Denied'], 'denie')).toBeUndefined();
  });
});
