import { describe, expect, it } from 'vitest';
import { acceptableBodyText, acceptableQueryValue, acceptableUrlText } from './accepted-text';

const rlo = '\u202e';
const lone = '\ud800';

describe('text the API accepts', () => {
  it('in a body: a tab and line breaks, letters of any script and emoji; no control, bidi or lone surrogate', () => {
    expect(acceptableBodyText('Hélène\tCôté\r\n日本 😀')).toBe(true);
    expect(acceptableBodyText('')).toBe(true);
    expect(acceptableBodyText('bell\u0007')).toBe(false);
    expect(acceptableBodyText('del\u007f')).toBe(false);
    expect(acceptableBodyText(`fdp${rlo}exe`)).toBe(false);
    expect(acceptableBodyText(`half ${lone} a pair`)).toBe(false);
  });

  it('in a path: no tab or line break either, nor a lone surrogate', () => {
    expect(acceptableUrlText('POL-1 Côté')).toBe(true);
    expect(acceptableUrlText('a\tb')).toBe(false);
    expect(acceptableUrlText('a\nb')).toBe(false);
    expect(acceptableUrlText(`a${rlo}b`)).toBe(false);
    expect(acceptableUrlText(`a${lone}`)).toBe(false);
  });

  it('in a query value: whitespace around the value only, and never a lone surrogate', () => {
    expect(acceptableQueryValue('\t pending \n')).toBe(true);
    expect(acceptableQueryValue('\u3000')).toBe(true);
    expect(acceptableQueryValue('in progress')).toBe(true);
    expect(acceptableQueryValue('in\tprogress')).toBe(false);
    expect(acceptableQueryValue(`${lone}`)).toBe(false);
    expect(acceptableQueryValue(`x${rlo}`)).toBe(false);
  });
});
