import type { MessageKey } from '@site/i18n/i18n';

/** Questions about a claim already submitted: only signed-in claimants have one (spec §2, FAQ). */
const SIGNED_IN_ONLY = new Set([3, 4, 14, 15, 16, 17]);
const ALL_QUESTIONS = Array.from({ length: 17 }, (_, index) => index + 1);

export interface FaqEntry {
  readonly number: number;
  readonly question: MessageKey;
  readonly answer: MessageKey;
}

/** The FAQ list a visitor sees: 11 items numbered 1, 2 and 5 to 13 signed out; all 17 signed in. */
export function faqEntries(signedIn: boolean): readonly FaqEntry[] {
  return ALL_QUESTIONS.filter((number) => signedIn || !SIGNED_IN_ONLY.has(number)).map(
    (number) => ({
      number,
      question: `faq.q${number}.question` as MessageKey,
      answer: `faq.q${number}.answer` as MessageKey,
    }),
  );
}
