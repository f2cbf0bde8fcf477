import { describe, expect, it } from 'vitest';
import { canonicalEmail, emailLookupKey } from './canonical-email';

const address = (raw: string) => {
  const canonical = canonicalEmail(raw);
  return canonical.ok ? canonical.address : canonical.refusal;
};

describe('an email address in its one canonical form (decision 117)', () => {
  it('trims, folds full-width forms, lower-cases the local part and gives the domain in ASCII', () => {
    expect(address('  Helene@Example.COM ')).toBe('helene@example.com');
    expect(address('ｈｅｌｅｎｅ＠ｅｘａｍｐｌｅ．ｃｏｍ')).toBe('helene@example.com');
    expect(address('hélène@bücher.example')).toBe('hélène@xn--bcher-kva.example');
    expect(address('a@b@example.com')).toBe('email.invalid');
  });

  it('refuses an address with no local part, no @, a bad local part or no domain', () => {
    for (const raw of [
      '@example.com',
      'helene',
      'example.com',
      'helene@',
      `${'a'.repeat(65)}@example.com`,
    ]) {
      expect(address(raw), raw).toBe('email.invalid');
    }
    expect(address(`${'a'.repeat(64)}@example.com`)).toBe(`${'a'.repeat(64)}@example.com`);
  });

  it('refuses a domain that is not one: a path, a port, brackets, one label, an IP', () => {
    for (const domain of [
      'example.com/x',
      'example.com:80',
      '[::1]',
      'localhost',
      'exa%mple.com',
      '1.2.3.4',
      'ex ample.com',
      '-.com',
    ]) {
      expect(address(`helene@${domain}`), domain).not.toMatch(/@/);
    }
  });

  it('refuses invisible characters, inside or around the address', () => {
    expect(address('hel\u200bene@example.com')).toBe('email.invisible');
    expect(address('helene@exa\u00admple.com')).toBe('email.invisible');
    expect(address('he lene@example.com')).toBe('email.invisible');
  });

  it('refuses look-alike letters of another script among Latin ones, anywhere in the address', () => {
    expect(address('hеlene@example.com')).toBe('email.mixedScripts'); // Cyrillic е
    expect(address('helene@ехample.com')).toBe('email.mixedScripts');
    expect(address('helene@exαmple.com')).toBe('email.mixedScripts'); // Greek α
    expect(address('ελένη@παράδειγμα.ελ')).toBe('ελένη@xn--hxajbheg2az3al.xn--qxam');
  });

  it('lets Latin go with the scripts of Chinese, Japanese or Korean writing, alone or Korean mixed', () => {
    expect(address('taro.やまだ@example.jp')).toMatch(/^taro\.やまだ@/);
    expect(address('kim.김@example.kr')).toMatch(/^kim\.김@/);
    expect(address('kim.金김@example.kr')).toMatch(/^kim\.金김@/);
    expect(address('李@例え.jp')).toMatch(/^李@xn--/);
    // Two other scripts beside Latin, or two without it, is a mix.
    expect(address('kim.김ж@example.kr')).toBe('email.mixedScripts');
    expect(address('ж.ω@example.com')).toBe('email.mixedScripts');
    expect(address('ж.ω@пример.рф')).toBe('email.mixedScripts');
  });

  it('counts a letter of an unlisted script as a script of its own', () => {
    expect(address('ᚠ@ᚠᚢ.ሀሁ')).toBe('email.mixedScripts'); // Runic with Ethiopic, no Latin
    expect(address('ж李@пример.рф')).toBe('email.mixedScripts'); // Han beside Cyrillic is no Korean
    expect(address('ᚠᚢ@example.com')).toBe('email.mixedScripts'); // Runic beside Latin
    expect(address('ᚠᚢ.ሀ@例え.jp')).toBe('email.mixedScripts');
    // Digits and marks are no letters: they mix nothing.
    expect(address('user.123_-+@example.com')).toBe('user.123_-+@example.com');
  });

  it('looks up by the canonical form, or else by the text trimmed and lower-cased', () => {
    expect(emailLookupKey(' Helene@EXAMPLE.com ')).toBe('helene@example.com');
    expect(emailLookupKey(' Not An Address ')).toBe('not an address');
  });
});
