import { describe, expect, it } from 'vitest';
import {
  ACCEPTED_DOCUMENT_TYPES,
  detectDocumentType,
  extensionMatchesType,
} from './detect-document-type';

const ascii = (text: string) => Array.from(text, (c) => c.charCodeAt(0));
const file = (...parts: (number | number[])[]) => new Uint8Array(parts.flat());

const PDF = file(ascii('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n1 0 obj\n'));
const JPEG = file([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10], ascii('JFIF'), 0x00);
const PNG = file([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], [0, 0, 0, 13], ascii('IHDR'));
const ELF_EXECUTABLE = file([0x7f, 0x45, 0x4c, 0x46, 0x02, 0x01, 0x01, 0x00], new Array(8).fill(0));
const WINDOWS_EXECUTABLE = file(ascii('MZ'), [0x90, 0x00, 0x03, 0x00], ascii('This program'));

describe('detectDocumentType', () => {
  it.each([
    ['a PDF', PDF, 'application/pdf'],
    ['a JPEG', JPEG, 'image/jpeg'],
    ['a PNG', PNG, 'image/png'],
  ] as const)('detects %s by its first bytes', (_, bytes, type) => {
    expect(detectDocumentType(bytes)).toBe(type);
  });

  it.each([
    ['an ELF executable', ELF_EXECUTABLE],
    ['a Windows MZ executable', WINDOWS_EXECUTABLE],
  ])('does not detect %s renamed statement.pdf, though the name passes', (_, bytes) => {
    expect(extensionMatchesType('statement.pdf', 'application/pdf')).toBe(true);
    // A name that is only an extension still has it; a name with no dot has none.
    expect(extensionMatchesType('.pdf', 'application/pdf')).toBe(true);
    expect(extensionMatchesType('pdf', 'application/pdf')).toBe(false);
    expect(detectDocumentType(bytes)).toBeUndefined();
  });

  it('does not detect text that merely mentions a PDF', () => {
    expect(detectDocumentType(file(ascii(' %PDF-1.7')))).toBeUndefined();
  });

  it.each([
    ['empty input', file()],
    ['3 bytes of a PDF header', file(ascii('%PD'))],
    ['3 bytes that are exactly the JPEG signature', file([0xff, 0xd8, 0xff])],
  ])('returns undefined for %s', (_, bytes) => {
    expect(detectDocumentType(bytes)).toBeUndefined();
  });

  it('accepts exactly PDF, JPEG and PNG', () => {
    expect(ACCEPTED_DOCUMENT_TYPES).toEqual(['application/pdf', 'image/jpeg', 'image/png']);
  });
});

describe('extensionMatchesType', () => {
  it.each([
    ['claim.pdf', 'application/pdf'],
    ['CLAIM.PDF', 'application/pdf'],
    ['photo.jpg', 'image/jpeg'],
    ['photo.JPEG', 'image/jpeg'],
    ['scan.final.png', 'image/png'],
  ] as const)('matches %s to %s', (fileName, type) => {
    expect(extensionMatchesType(fileName, type)).toBe(true);
  });

  it.each([
    ['photo.png', 'image/jpeg'],
    ['claim.pdf.exe', 'application/pdf'],
    ['pdf', 'application/pdf'],
    ['claim.', 'application/pdf'],
    ['claim.pdfx', 'application/pdf'],
  ] as const)('does not match %s to %s', (fileName, type) => {
    expect(extensionMatchesType(fileName, type)).toBe(false);
  });
});
