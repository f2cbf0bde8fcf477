import { describe, expect, it } from 'vitest';
import { t } from './i18n';
import { interpolate } from './interpolate';

const SECONDS = 'Wait {seconds, plural, =0 {no time} one {# second} other {# seconds}}.';

describe('interpolate: plurals through Intl.PluralRules, numbers through Intl.NumberFormat', () => {
  it('picks the plural form each language uses', () => {
    expect(interpolate(SECONDS, { seconds: 1 }, 'en-CA')).toBe('Wait 1 second.');
    expect(interpolate(SECONDS, { seconds: 2 }, 'en-CA')).toBe('Wait 2 seconds.');
    expect(interpolate(SECONDS, { seconds: 0 }, 'en-CA')).toBe('Wait no time.');
    // French counts 0 and 1.5 in the singular, English does not.
    const french = '{n, plural, one {# fichier} other {# fichiers}}';
    expect(interpolate(french, { n: 1.5 }, 'fr-CA')).toBe('1,5 fichier');
    expect(interpolate(french, { n: 2 }, 'fr-CA')).toBe('2 fichiers');
    expect(interpolate('{n, plural, one {# file} other {# files}}', { n: 1.5 }, 'en-CA')).toBe(
      '1.5 files',
    );
    expect(interpolate('{n, plural, other {# 个文件}}', { n: 3 }, 'zh-CN')).toBe('3 个文件');
  });

  it('writes numbers the way each language does, and leaves years ungrouped', () => {
    expect(interpolate('{n}', { n: 12345.5 }, 'en-CA')).toBe('12,345.5');
    expect(interpolate('{n}', { n: 12345.5 }, 'fr-CA').replace(/\s/g, ' ')).toBe('12 345,5');
    expect(interpolate('{n}', { n: 12345.5 }, 'zh-CN')).toBe('12,345.5');
    expect(interpolate('© {year}', { year: 2026 }, 'fr-CA')).toBe('© 2026');
  });

  it('keeps a placeholder without a parameter visible', () => {
    expect(interpolate('{a} {n, plural, one {#} other {#}}', {}, 'en-CA')).toBe('{a} {n}');
  });

  it('is what the dictionaries go through', () => {
    expect(t('en', 'mfa.rateLimited', { seconds: 1 })).toContain('wait 1 second ');
    expect(t('fr', 'mfa.rateLimited', { seconds: 1 })).toContain('patienter 1 seconde,');
    expect(t('fr', 'mfa.rateLimited', { seconds: 30 })).toContain('patienter 30 secondes,');
    expect(t('cn', 'mfa.rateLimited', { seconds: 30 })).toContain('30 秒');
    expect(t('en', 'login.errorMessageLockedOut', { minutes: 1 })).toContain('for 1 minute.');
  });
});
