import { describe, expect, it } from 'vitest';
import { ConfigError, parseConfig } from './config';

describe('IDENTITY_ADDRESS_LIMIT_FACTOR', () => {
  it('is 1 unless set (an empty value counts as unset, as for every setting)', () => {
    expect(parseConfig({}).IDENTITY_ADDRESS_LIMIT_FACTOR).toBe(1);
    expect(parseConfig({ IDENTITY_ADDRESS_LIMIT_FACTOR: '' }).IDENTITY_ADDRESS_LIMIT_FACTOR).toBe(
      1,
    );
    expect(parseConfig({ IDENTITY_ADDRESS_LIMIT_FACTOR: '20' }).IDENTITY_ADDRESS_LIMIT_FACTOR).toBe(
      20,
    );
  });

  it('refuses zero, fractions and words, naming the variable', () => {
    for (const value of ['0', '1.5', 'many', '-3']) {
      expect(() => parseConfig({ IDENTITY_ADDRESS_LIMIT_FACTOR: value })).toThrow(ConfigError);
      expect(() => parseConfig({ IDENTITY_ADDRESS_LIMIT_FACTOR: value })).toThrow(
        /IDENTITY_ADDRESS_LIMIT_FACTOR/,
      );
    }
  });
});
