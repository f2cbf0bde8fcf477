import { deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import {
  buildPdf,
  flateBomb,
  onePagePdf,
  pdfStream,
} from '@contracts/documents/testing/hostile-documents';
import { judgePdf } from './pdf-policy';

const KEPT = { contentType: 'application/pdf' };
const NOT_A_PDF = { contentType: undefined };
const TOO_COMPLEX = { contentType: undefined, refusal: 'tooComplex' };
const ACTIVE = { contentType: undefined, refusal: 'activeContent' };
const TOO_MANY_PIXELS = { contentType: undefined, refusal: 'tooManyPixels' };

/** The caps of decision 049; each test lowers one so that a small file sits on its edge. */
const CAPS = {
  maxInflatedBytes: 32 * 1024 * 1024,
  maxPageTreeDepth: 16,
  maxPages: 10_000,
  maxObjects: 500_000,
};

const PAGE = '<< /Type /Page /MediaBox [0 0 612 792] >>';

/** A PDF whose page tree root (object 2) is `pages`, followed by `more` objects from 3 on. */
const treePdf = (pages: string, ...more: string[]) =>
  buildPdf(['<< /Type /Catalog /Pages 2 0 R >>', pages, ...more]);

/** An object stream holding object 6 as `object`, then `trailing` text no parser reads. */
function objectStream(object: string, trailing = '', dictPadding = '') {
  const header = '6 0 ';
  const packed = deflateSync(Buffer.from(`${header}${object}${trailing}`, 'latin1'));
  return pdfStream(
    `/Type /ObjStm /N 1 /First ${header.length} /Filter /FlateDecode${dictPadding}`,
    packed,
  );
}

/** Past the raw scan's look-back: it cannot tell this is an object stream, pdf-lib can. */
const HIDDEN = ' '.repeat(10_000);

describe('the object caps of the PDF policy (decision 049)', () => {
  it('refuses a PDF with more indirect objects than the cap, and keeps one at it', async () => {
    const numbers = Array.from({ length: 20 }, (_, index) => String(index));
    const pdf = onePagePdf({ more: numbers });
    expect(await judgePdf(pdf, { ...CAPS, maxObjects: 24 })).toEqual(KEPT);
    expect(await judgePdf(pdf, { ...CAPS, maxObjects: 23 })).toEqual(TOO_COMPLEX);
  });

  it('refuses a PDF whose objects hold more than four values per allowed object in all', async () => {
    // The one-page PDF and one array visit 21 values, each zero of the array one more: 40 here.
    const pdf = onePagePdf({ more: [`[${'0 '.repeat(19)}]`] });
    expect(await judgePdf(pdf, { ...CAPS, maxObjects: 10 })).toEqual(KEPT);
    const oneMore = onePagePdf({ more: [`[${'0 '.repeat(20)}]`] });
    expect(await judgePdf(oneMore, { ...CAPS, maxObjects: 10 })).toEqual(TOO_COMPLEX);
  });

  it('reads the PDF as it is: the parse adds no object of its own (no metadata update)', async () => {
    expect(await judgePdf(onePagePdf(), { ...CAPS, maxObjects: 5 })).toEqual(KEPT);
  });
});

describe('the inflate caps of the PDF policy (decision 049)', () => {
  it('decodes an object stream the raw scan cannot see under the same cap, the cap itself allowed', async () => {
    const atCap = flateBomb(4096, HIDDEN);
    expect(await judgePdf(atCap, { ...CAPS, maxInflatedBytes: 4096 })).toEqual(KEPT);
    expect(await judgePdf(flateBomb(4097, HIDDEN), { ...CAPS, maxInflatedBytes: 4096 })).toEqual(
      TOO_COMPLEX,
    );
  });

  it('inflates the object streams it sees under the cap before parsing', async () => {
    expect(await judgePdf(flateBomb(4096), { ...CAPS, maxInflatedBytes: 4096 })).toEqual(KEPT);
    expect(await judgePdf(flateBomb(4096), { ...CAPS, maxInflatedBytes: 4095 })).toEqual(
      TOO_COMPLEX,
    );
  });
});

describe('the page tree of the PDF policy (decision 049)', () => {
  const threePages = treePdf('<< /Type /Pages /Kids [3 0 R 4 0 R 5 0 R] >>', PAGE, PAGE, PAGE);

  it('refuses more pages than the cap, and keeps as many', async () => {
    expect(await judgePdf(threePages, { ...CAPS, maxPages: 3 })).toEqual(KEPT);
    expect(await judgePdf(threePages, { ...CAPS, maxPages: 2 })).toEqual(TOO_COMPLEX);
  });

  it('refuses a node with more kids than four per allowed page, whatever the kids are', async () => {
    const withKids = (count: number) =>
      treePdf(`<< /Type /Pages /Kids [3 0 R ${'null '.repeat(count - 1)}] >>`, PAGE);
    expect(await judgePdf(withKids(12), { ...CAPS, maxPages: 3 })).toEqual(KEPT);
    expect(await judgePdf(withKids(13), { ...CAPS, maxPages: 3 })).toEqual(TOO_COMPLEX);
  });

  it('counts the kids still waiting against that cap too', async () => {
    const nested = (count: number) =>
      treePdf(
        '<< /Type /Pages /Kids [3 0 R 4 0 R] >>',
        PAGE,
        `<< /Type /Pages /Kids [5 0 R ${'null '.repeat(count - 1)}] >>`,
        PAGE,
      );
    expect(await judgePdf(nested(11), { ...CAPS, maxPages: 3 })).toEqual(KEPT);
    expect(await judgePdf(nested(12), { ...CAPS, maxPages: 3 })).toEqual(TOO_COMPLEX);
  });

  it('refuses a page tree that lists a page twice: what page-tree bombs repeat', async () => {
    expect(await judgePdf(treePdf('<< /Type /Pages /Kids [3 0 R 3 0 R] >>', PAGE))).toEqual(
      TOO_COMPLEX,
    );
    expect(await judgePdf(treePdf('<< /Type /Pages /Kids [3 0 R 4 0 R] >>', PAGE, PAGE))).toEqual(
      KEPT,
    );
  });

  it('refuses a page tree that lists itself as its kid', async () => {
    expect(await judgePdf(treePdf('<< /Type /Pages /Kids [2 0 R 3 0 R] >>', PAGE))).toEqual(
      TOO_COMPLEX,
    );
  });

  it('counts a page written in place in its parent', async () => {
    expect(await judgePdf(treePdf(`<< /Type /Pages /Kids [${PAGE}] >>`))).toEqual(KEPT);
  });

  it('is not a PDF with no page: no page tree, no kids, or an empty list of them', async () => {
    expect(await judgePdf(buildPdf(['<< /Type /Catalog >>']))).toEqual(NOT_A_PDF);
    expect(await judgePdf(treePdf('<< /Type /Pages /Count 0 >>'))).toEqual(NOT_A_PDF);
    expect(await judgePdf(treePdf('<< /Type /Pages /Kids [] >>'))).toEqual(NOT_A_PDF);
    expect(await judgePdf(treePdf('<< /Type /Pages /Kids [3 0 R] >>', '42'))).toEqual(NOT_A_PDF);
  });

  it('is not a PDF when no catalog can be found', async () => {
    expect(await judgePdf(buildPdf(['42']))).toEqual(NOT_A_PDF);
    expect(await judgePdf(buildPdf([]))).toEqual(NOT_A_PDF);
  });

  it('is not a PDF when an object does not parse', async () => {
    const broken = treePdf(
      '<< /Type /Pages /Kids [3 0 R] >>',
      '<< /Type /Page /MediaBox [0 0 1 >>',
    );
    expect(await judgePdf(broken)).toEqual(NOT_A_PDF);
  });
});

describe('the pixel cap on the images of a PDF (decision 049)', () => {
  const withImage = (dict: string, ...more: string[]) =>
    onePagePdf({
      pageExtra: '/Resources << /XObject << /Im1 5 0 R >> >>',
      more: [pdfStream(`/Type /XObject ${dict} /BitsPerComponent 8`, Buffer.alloc(16)), ...more],
    });

  it('keeps an image of exactly 50 megapixels, refuses one more row', async () => {
    expect(await judgePdf(withImage('/Subtype /Image /Width 10000 /Height 5000'))).toEqual(KEPT);
    expect(await judgePdf(withImage('/Subtype /Image /Width 10000 /Height 5001'))).toEqual(
      TOO_MANY_PIXELS,
    );
  });

  it('reads a width or height written as a reference to a number', async () => {
    const pdf = withImage('/Subtype /Image /Width 6 0 R /Height 60000', '60000');
    expect(await judgePdf(pdf)).toEqual(TOO_MANY_PIXELS);
    const tall = withImage('/Subtype /Image /Width 60000 /Height 6 0 R', '60000');
    expect(await judgePdf(tall)).toEqual(TOO_MANY_PIXELS);
  });

  it('leaves what is not an image stream alone, and an image with no size', async () => {
    expect(await judgePdf(withImage('/Subtype /Form /Width 60000 /Height 60000'))).toEqual(KEPT);
    expect(await judgePdf(withImage('/Subtype /Image /Height 60000'))).toEqual(KEPT);
    expect(await judgePdf(withImage('/Subtype /Image /Width 60000'))).toEqual(KEPT);
    const notAStream = onePagePdf({ more: ['<< /Subtype /Image /Width 60000 /Height 60000 >>'] });
    expect(await judgePdf(notAStream)).toEqual(KEPT);
  });
});

describe('active content in the places each reader of the PDF policy sees (decision 049)', () => {
  it('finds an active name the parser skips in an object stream (the raw inflate reads it all)', async () => {
    const pdf = onePagePdf({
      more: [objectStream('(clean)'), objectStream('(x)', ' /Launch')],
    });
    expect(await judgePdf(pdf)).toEqual(ACTIVE);
    expect(await judgePdf(onePagePdf({ more: [objectStream('(x)', ' /Plain')] }))).toEqual(KEPT);
  });

  it('finds an active name in an object stream the raw scan cannot see, as key or as value', async () => {
    for (const object of ['<< /JS (x) >>', '[/Launch]', '<< /A << /S /GoToE >> >>']) {
      const pdf = onePagePdf({ more: [objectStream(object, '', HIDDEN)] });
      expect(await judgePdf(pdf), object).toEqual(ACTIVE);
    }
    const clean = onePagePdf({ more: [objectStream('<< /A [/B << /C /D >>] >>', '', HIDDEN)] });
    expect(await judgePdf(clean)).toEqual(KEPT);
  });

  it('finds an active name written outside any object', async () => {
    expect(await judgePdf(onePagePdf({ afterHeader: '%/JavaScript\n' }))).toEqual(ACTIVE);
  });
});

describe('what else the PDF policy refuses or reads (decisions 049, 126, 142)', () => {
  it('refuses a PDF of more than 50,000 streams before parsing it', async () => {
    const streams = (count: number) => '%obj<<>>stream\n%endstream\n'.repeat(count);
    expect(await judgePdf(onePagePdf({ afterHeader: streams(50_001) }))).toEqual(TOO_COMPLEX);
  });

  it('refuses a page whose content a renderer would inflate past the cap (here: unmeasurable)', async () => {
    const unmeasurable = pdfStream('/Filter /JBIG2Decode', Buffer.alloc(10));
    expect(await judgePdf(onePagePdf({ more: [unmeasurable] }))).toEqual(TOO_COMPLEX);
  });

  it('reads an encrypted PDF: its objects are plain, only its strings and streams are not', async () => {
    const encrypted = Buffer.from(
      onePagePdf({ more: ['<< /Filter /Standard /V 1 /R 2 /O (o) /U (u) /P -4 >>'] })
        .toString('latin1')
        .replace('/Root 1 0 R', '/Root 1 0 R /Encrypt 5 0 R'),
      'latin1',
    );
    expect(await judgePdf(encrypted)).toEqual(KEPT);
  });
});
