import { describe, expect, it } from 'vitest';
import { ERROR_CODES } from '../errors';
import { PROBLEM_TITLES } from './problem-titles';

describe('problem titles', () => {
  it('word every error code in English, French and Chinese, each differently', () => {
    for (const code of ERROR_CODES) {
      const { en, fr, cn } = PROBLEM_TITLES[code];
      expect(new Set([en, fr, cn]).size, code).toBe(3);
      expect(cn, code).toMatch(/\p{Script=Han}/u);
    }
  });
});
