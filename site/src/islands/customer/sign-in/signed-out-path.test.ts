import { describe, expect, it } from 'vitest';
import { signedOutPath } from './signed-out-path';

const at = (pathname: string, search = '', hash = '') => ({ pathname, search, hash });

describe('signedOutPath (issue 47)', () => {
  it('brings a customer whose session ended back to the page they were on', () => {
    expect(signedOutPath('en', 'expired', at('/en/claim/42', '', '#send-x'))).toBe(
      '/en/?signedOut=expired&next=%2Fen%2Fclaim%2F42%23send-x',
    );
    expect(signedOutPath('fr', 'idle', at('/fr/dashboard', '?page=2'))).toBe(
      '/fr/?signedOut=idle&next=%2Ffr%2Fdashboard%3Fpage%3D2',
    );
  });

  it('does not bring back a customer who chose to leave', () => {
    expect(signedOutPath('en', 'user', at('/en/claim/42'))).toBe('/en/?signedOut=user');
  });

  it('follows only a path of this site in the page language', () => {
    for (const pathname of ['//evil.example/en/', '/fr/dashboard', '/en/mfa', '/en\\..\\x']) {
      expect(signedOutPath('en', 'expired', at(pathname))).toBe('/en/?signedOut=expired');
    }
  });
});
