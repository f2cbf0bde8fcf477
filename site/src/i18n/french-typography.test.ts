import { describe, expect, it } from 'vitest';
import { PROBLEM_TITLES } from '@contracts/api/problem-titles';
import { CLAIM_MESSAGES, DOCUMENT_KIND_LABELS } from '@contracts/claims/messages';
import { reasonWordings } from '@contracts/claims/reasons';
import { IDENTITY_FIELD_MESSAGES, IDENTITY_OUTCOME_MESSAGES } from '@contracts/identity/messages';
import {
  passwordChangedMail,
  recoveryCodeMail,
  signInCodeMail,
  verificationCodeMail,
} from '@services/identity/identity-mail';
import { dictionaryOf } from './i18n';

/** Every French text a message table holds, under its path: the values of its `fr` keys. */
function frenchTexts(table: unknown, path = ''): [string, string][] {
  if (typeof table !== 'object' || table === null) return [];
  return Object.entries(table).flatMap(([key, value]): [string, string][] => {
    const at = path ? `${path}.${key}` : key;
    if (key === 'fr' && typeof value === 'string') return [[at, value]];
    return frenchTexts(value, at);
  });
}

const straight = (texts: readonly [string, string][]) =>
  texts.filter(([, text]) => text.includes("'")).map(([at, text]) => `${at}: ${text}`);

describe('French is written with the typographic apostrophe (’) throughout (issue 28)', () => {
  it('in the merged site dictionary', () => {
    expect(straight(Object.entries(dictionaryOf('fr')))).toEqual([]);
  });

  it('in the message tables of claims, documents, identity, reasons and problem titles', () => {
    const tables = {
      CLAIM_MESSAGES,
      DOCUMENT_KIND_LABELS,
      IDENTITY_FIELD_MESSAGES,
      IDENTITY_OUTCOME_MESSAGES,
      PROBLEM_TITLES,
    };
    const texts = frenchTexts(tables);
    expect(texts.length).toBeGreaterThan(50);
    expect(straight(texts)).toEqual([]);
    expect(straight(Object.entries(reasonWordings('fr')))).toEqual([]);
  });

  it('in the mails sent in French', () => {
    const mails = [
      verificationCodeMail('fr', 'abcd1234'),
      signInCodeMail('fr', '123456'),
      recoveryCodeMail('fr', '123456'),
      passwordChangedMail('fr'),
    ];
    const texts = mails.flatMap((mail, i): [string, string][] => [
      [`mail ${i} subject`, mail.subject],
      [`mail ${i} text`, mail.text],
    ]);
    expect(straight(texts)).toEqual([]);
  });

  it('fails on a straight apostrophe', () => {
    expect(straight(frenchTexts({ x: { fr: "l'équipe" } }))).toEqual(["x.fr: l'équipe"]);
  });
});
