import { describe, expect, it } from 'vitest';
import {
  type IdentityMail,
  type MailLanguage,
  passwordChangedMail,
  recoveryCodeMail,
  signInCodeMail,
  verificationCodeMail,
} from './identity-mail';

/** The one pattern HTTP tests use to read a code from captured mail. */
const CODE_PATTERN = /Code ?: ([A-Za-z0-9]+)/;
const LANGUAGES: readonly MailLanguage[] = ['en', 'fr', 'cn'];

const CODE_MAILS = [
  { name: 'verification', build: verificationCodeMail, code: 'k3x9q2mz', minutes: 30 },
  { name: 'sign-in', build: signInCodeMail, code: '493817', minutes: 10 },
  { name: 'recovery', build: recoveryCodeMail, code: 'A7C2Q9', minutes: 10 },
] as const;

const EXPIRY = {
  en: (minutes: number) => `expires in ${minutes} minutes`,
  fr: (minutes: number) => `expire dans ${minutes} minutes`,
  cn: (minutes: number) => `将在 ${minutes} 分钟后过期`,
} as const;

const occurrences = (text: string, part: string) => text.split(part).length - 1;

describe.each(LANGUAGES)('identity mail in %s', (lang) => {
  describe.each(CODE_MAILS)('$name code', ({ build, code, minutes }) => {
    const message: IdentityMail = build(lang, code);

    it('gives the code on its own line, readable with the tests’ one pattern', () => {
      expect(message.text.match(CODE_PATTERN)?.[1]).toBe(code);
      const line = lang === 'fr' ? `Code : ${code}` : `Code: ${code}`;
      expect(message.text.split('\n')).toContain(line);
    });

    it('shows the code once, and never in the subject', () => {
      expect(occurrences(message.text, code)).toBe(1);
      expect(message.subject).not.toContain(code);
    });

    it('says when the code expires', () => {
      expect(message.text).toContain(EXPIRY[lang](minutes));
    });

    it('holds no link, so the code cannot leak through one', () => {
      expect(message.text).not.toMatch(/https?:|www\./i);
      expect(message.html).toBeUndefined();
    });

    it('is marked with its language', () => {
      expect(message.lang).toBe(lang);
    });
  });

  it('warns of a password change without any code, and points to support', () => {
    const message = passwordChangedMail(lang);
    expect(message.text).not.toMatch(CODE_PATTERN);
    expect(message.text).toContain(
      { en: 'support team', fr: 'équipe de soutien', cn: '支持团队' }[lang],
    );
    expect(message.text).not.toMatch(/https?:|www\./i);
    expect(message.lang).toBe(lang);
  });
});

describe('identity mail texts', () => {
  it.each([
    [
      'verification',
      verificationCodeMail('en', 'k3x9q2mz'),
      verificationCodeMail('fr', 'k3x9q2mz'),
    ],
    ['sign-in', signInCodeMail('en', '493817'), signInCodeMail('fr', '493817')],
    ['recovery', recoveryCodeMail('en', 'A7C2Q9'), recoveryCodeMail('fr', 'A7C2Q9')],
    ['password changed', passwordChangedMail('en'), passwordChangedMail('fr')],
  ])('%s: French is written in French, not the English copied', (_, english, french) => {
    expect(french.subject).not.toBe(english.subject);
    expect(french.text).toContain('Portail des réclamations');
    expect(french.text).not.toMatch(/\b(the|your|code expires|email)\b/i);
    expect(english.text).toContain('Claims portal');
    expect(english.text).not.toMatch(/\b(votre|courriel|réclamations)\b/i);
  });

  it('says which code each mail is for', () => {
    expect(verificationCodeMail('en', 'k3x9q2mz').subject).toMatch(/verification/i);
    expect(verificationCodeMail('fr', 'k3x9q2mz').subject).toMatch(/vérification/);
    expect(signInCodeMail('en', '493817').subject).toMatch(/sign-in/);
    expect(signInCodeMail('fr', '493817').subject).toMatch(/connexion/);
    expect(recoveryCodeMail('en', 'A7C2Q9').subject).toMatch(/reset/i);
    expect(recoveryCodeMail('fr', 'A7C2Q9').subject).toMatch(/Réinitialisez/);
  });
});

describe('identity mail shape', () => {
  const ALL_MAILS = [
    ...CODE_MAILS.map(({ name, build, code }) => ({
      name,
      build: (lang: MailLanguage) => build(lang, code),
    })),
    { name: 'password changed', build: passwordChangedMail },
  ];

  it.each(ALL_MAILS)(
    '$name: in every language a subject and no empty paragraph, the same count in each',
    ({ build }) => {
      const counts = LANGUAGES.map((lang) => {
        const { subject, text } = build(lang);
        expect(subject.trim()).not.toBe('');
        const paragraphs = text.trimEnd().split('\n\n');
        for (const paragraph of paragraphs) expect(paragraph.trim()).not.toBe('');
        return paragraphs.length;
      });
      expect(new Set(counts).size).toBe(1);
    },
  );
});

describe('the code line', () => {
  it.each(CODE_MAILS)(
    '$name: French puts a space before the colon, English and Chinese do not',
    ({ build, code }) => {
      expect(build('fr', code).text.split('\n')).toContain(`Code : ${code}`);
      expect(build('en', code).text.split('\n')).toContain(`Code: ${code}`);
      expect(build('cn', code).text.split('\n')).toContain(`Code: ${code}`);
    },
  );
});
