import { describe, expect, it } from 'vitest';
import { isMessageKey } from '@site/i18n/i18n';
import { faqEntries } from './faq-questions';

describe('FAQ lists (spec §2)', () => {
  it('shows signed-out visitors 11 questions numbered 1, 2 and 5 to 13', () => {
    expect(faqEntries(false).map((entry) => entry.number)).toEqual([
      1, 2, 5, 6, 7, 8, 9, 10, 11, 12, 13,
    ]);
  });

  it('shows signed-in claimants all 17 questions in order', () => {
    expect(faqEntries(true).map((entry) => entry.number)).toEqual(
      Array.from({ length: 17 }, (_, index) => index + 1),
    );
  });

  it('has a question and an answer in the dictionaries for every entry', () => {
    for (const entry of faqEntries(true)) {
      expect(isMessageKey(entry.question), entry.question).toBe(true);
      expect(isMessageKey(entry.answer), entry.answer).toBe(true);
    }
  });
});
