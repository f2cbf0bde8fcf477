import { deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import {
  InflateCapExceeded,
  inflateStructuralStreams,
  isPolyglot,
  namesIn,
  outsideStreams,
  rawStreams,
} from './pdf-bytes';

/** What `rawStreams` finds in `text`, as the strings a reader would take for dictionary and body. */
const streamsOf = (text: string) =>
  rawStreams(text)?.map(({ dict, start, end }) => ({ dict, body: text.slice(start, end) }));

const polyglot = (text: string) => isPolyglot(text, rawStreams(text) ?? []);

describe('where the raw scan sees streams (decision 049)', () => {
  it('takes the dictionary from after the last "obj" keyword, or from the start when there is none', () => {
    expect(streamsOf('1 0 obj\n<< /Length 3 >>\nstream\nabc\nendstream')).toEqual([
      { dict: '\n<< /Length 3 >>\n', body: 'abc' },
    ]);
    expect(streamsOf('obj<< /A 1 >>stream\nxy\nendstream')).toEqual([
      { dict: '<< /A 1 >>', body: 'xy\n' },
    ]);
    expect(streamsOf('<< /B 2 >>stream\nxy endstream')).toEqual([
      { dict: '<< /B 2 >>', body: 'xy ' },
    ]);
    // Only the last 8 KiB before "stream" are read for its dictionary.
    const long = streamsOf(`obj${' '.repeat(9000)}<< /C 3 >>stream\nz endstream`)?.[0]?.dict;
    expect(long).toBe(`${' '.repeat(8192 - 10)}<< /C 3 >>`);
  });

  it('decodes #xx name escapes in the dictionary, in either letter case', () => {
    expect(streamsOf('obj /J#61vaScript /X#4a#4B/#7a #g1 stream\n endstream')?.[0]?.dict).toBe(
      ' /JavaScript /XJK/z #g1 ',
    );
  });

  it('ends at /Length only when "endstream" follows it within a little white space', () => {
    const body = 'BT (endstream) Tj ET';
    expect(streamsOf(`obj << /Length ${body.length} >>stream\n${body}\n \r\tendstream`)).toEqual([
      { dict: ` << /Length ${body.length} >>`, body },
    ]);
    // A wrong length, an indirect one, or one whose "endstream" does not end within 32 characters:
    // the body runs to the first "endstream".
    for (const length of [
      '/Length 3',
      '/Length 20 0 R',
      '/Length 20  0 R',
      '/Length 20 10 R',
      '/Length 20 0  R',
    ]) {
      expect(streamsOf(`obj << ${length} >>stream\n${body}\nendstream`)?.[0]?.body, length).toBe(
        'BT (',
      );
    }
    expect(streamsOf(`obj << /Length  20 >>stream\n${body}\nendstream`)?.[0]?.body).toBe(body);
    const near = `BT ET${' '.repeat(23)}`;
    expect(streamsOf(`obj << /Length 5 >>stream\n${near}endstream`)?.[0]?.body).toBe('BT ET');
    const far = `BT ET${' '.repeat(24)}`;
    expect(streamsOf(`obj << /Length 5 >>stream\n${far}endstream`)?.[0]?.body).toBe(far);
  });

  it('runs a stream with no "endstream" to the end of the file', () => {
    expect(streamsOf('obj << >>stream\nno end')).toEqual([{ dict: ' << >>', body: 'no end' }]);
  });

  it('takes the line end after "stream" as CR LF, LF or CR, and needs one', () => {
    expect(streamsOf('obj<<>>stream\r\nab endstream')?.[0]?.body).toBe('ab ');
    expect(streamsOf('obj<<>>stream\nab endstream')?.[0]?.body).toBe('ab ');
    expect(streamsOf('obj<<>>stream\rab endstream')?.[0]?.body).toBe('ab ');
    expect(streamsOf('obj<<>>stream ab endstream')).toEqual([]);
    expect(streamsOf('obj<<>>upstream\nab endstream')).toEqual([]);
  });

  it('resumes after each stream: "stream" inside a body is not another stream', () => {
    const body = 'a stream\nb';
    expect(
      streamsOf(
        `obj << /Length ${body.length} >>stream\n${body}\nendstream obj<<>>stream\nc\nendstream`,
      ),
    ).toEqual([
      { dict: ` << /Length ${body.length} >>`, body },
      { dict: '<<>>', body: 'c\n' },
    ]);
  });

  it('gives up past 50,000 streams, and the next file is read from its start', () => {
    const many = (count: number) => 'obj<<>>stream\nendstream\n'.repeat(count);
    expect(rawStreams(many(50_000))).toHaveLength(50_000);
    expect(rawStreams(many(50_001))).toBeUndefined();
    expect(rawStreams(many(2))).toHaveLength(2);
  });

  it('blanks every stream body and keeps what lies between them', () => {
    const text = 'A obj<<>>stream\nbody1\nendstream B obj<<>>stream\nbody2\nendstream C';
    expect(outsideStreams(text, rawStreams(text) ?? [])).toBe(
      'A obj<<>>stream\n endstream B obj<<>>stream\n endstream C',
    );
    expect(outsideStreams('no streams', [])).toBe('no streams');
  });

  it('reads names up to the next delimiter or white space, escapes decoded', () => {
    expect([...namesIn('/A/B<</C>>[/D](/E){/F}%/G\n/H\t/I#20J /K#4c /L#4d#4E x/M')]).toEqual([
      'A',
      'B',
      'C',
      'D',
      'E',
      'F',
      'G',
      'H',
      'I J',
      'KL',
      'LMN',
      'M',
    ]);
    expect(namesIn('no names / here')).toEqual(new Set());
  });
});

const objectStream = (dict: string, data: Buffer) =>
  `obj << ${dict} >>stream\n${data.toString('latin1')}\nendstream\n`;
const deflated = (text: string) => deflateSync(Buffer.from(text, 'latin1'));
const inflate = (text: string, maxBytes: number) =>
  inflateStructuralStreams(Buffer.from(text, 'latin1'), rawStreams(text) ?? [], maxBytes);

describe('the inflate budget of the structural streams (decision 049)', () => {
  it('inflates Flate object and xref streams, and only those', () => {
    const text =
      objectStream('/Type /ObjStm /Filter /FlateDecode', deflated('first')) +
      objectStream('/Type/XRef /Filter [/Fl]', deflated('second')) +
      objectStream('/Filter /FlateDecode', deflated('content')) +
      objectStream('/Type /ObjStmX /Filter /FlateDecode', deflated('not structural')) +
      objectStream('/Type /ObjStm', Buffer.from('plain')) +
      // No filter: read as it is, even when its bytes happen to be Flate data.
      objectStream('/Type /ObjStm', deflated('stored as is'));
    expect(inflate(text, 1000)).toEqual(['first', 'second']);
  });

  it('caps the total of all structural streams, the cap itself allowed', () => {
    const text =
      objectStream('/Type /ObjStm /Filter /FlateDecode', deflated('a'.repeat(60))) +
      objectStream('/Type /XRef /Filter /FlateDecode', deflated('b'.repeat(40)));
    expect(inflate(text, 100)).toEqual(['a'.repeat(60), 'b'.repeat(40)]);
    expect(() => inflate(text, 99)).toThrow(new InflateCapExceeded('inflated past the cap'));
    expect(() => inflate(text, 59)).toThrow(new InflateCapExceeded('inflated past the cap'));
    expect(() => inflate(text, 30)).toThrow(new InflateCapExceeded('inflated past the cap'));
  });

  it('reads what a truncated stream holds, and leaves one that does not inflate to the parser', () => {
    const whole = deflateSync(Buffer.from('/JavaScript '.repeat(200), 'latin1'), { level: 0 });
    const truncated = objectStream('/Type /ObjStm /Filter /FlateDecode', whole.subarray(0, 200));
    expect(inflate(truncated, 10_000)[0]).toContain('/JavaScript');
    const broken = objectStream('/Type /ObjStm /Filter /FlateDecode', Buffer.from('not flate'));
    expect(inflate(broken + truncated, 10_000)).toHaveLength(1);
  });

  it('refuses a structural stream under any filter but Flate: it is not inflated under the cap', () => {
    const another = new InflateCapExceeded('structural stream with another filter');
    for (const filter of [
      ' /LZWDecode',
      '/LZWDecode',
      ' [/FlateDecode /ASCII85Decode]',
      ' [/ASCIIHexDecode]',
    ]) {
      const text = objectStream(`/Type /ObjStm /Filter${filter}`, Buffer.from('00'));
      expect(() => inflate(text, 1000), filter).toThrow(another);
    }
    const flate = objectStream('/Type /ObjStm /Filter [ /FlateDecode ]', deflated('ok'));
    expect(inflate(flate, 1000)).toEqual(['ok']);
  });
});

/** A ZIP end record (22 bytes) with these counts. */
function endRecord(onDisk: number, total: number, directorySize: number): string {
  const record = Buffer.alloc(22);
  record.writeUInt32LE(0x06054b50, 0);
  record.writeUInt16LE(onDisk, 8);
  record.writeUInt16LE(total, 10);
  record.writeUInt32LE(directorySize, 12);
  return record.toString('latin1');
}

describe('what makes a PDF also a ZIP (decision 049)', () => {
  const before = 'x'.repeat(200);

  it('sees a ZIP in an end record whose counts agree and whose directory fits before it', () => {
    expect(polyglot(`${before}${endRecord(2, 2, 92)} tail`)).toBe(true);
    expect(polyglot(`${before}${endRecord(1, 1, 199)}`)).toBe(true);
  });

  it('takes an end record for noise when its counts disagree, are zero, or its directory cannot fit', () => {
    expect(polyglot(`${before}${endRecord(1, 2, 92)}`)).toBe(false);
    expect(polyglot(`${before}${endRecord(0, 0, 0)}`)).toBe(false);
    expect(polyglot(`${before}${endRecord(2, 2, 91)}`)).toBe(false);
    expect(polyglot(`${before}${endRecord(1, 1, 200)}`)).toBe(false);
    expect(polyglot(`${before}${endRecord(1, 1, 201)}`)).toBe(false);
  });

  it('reads every end record, and stops at one cut short by the end of the file', () => {
    const noise = endRecord(1, 2, 92);
    expect(polyglot(`${before}${noise}${endRecord(1, 1, 46)}`)).toBe(true);
    expect(polyglot(`${noise}${before}${endRecord(1, 1, 46)}`)).toBe(true);
    expect(polyglot(`${before}${endRecord(1, 1, 46).slice(0, 21)}`)).toBe(false);
  });

  it('sees a ZIP in a local header together with a central directory entry, not either alone', () => {
    expect(polyglot('a PK\x03\x04 b PK\x01\x02 c')).toBe(true);
    expect(polyglot('a PK\x03\x04 b')).toBe(false);
    expect(polyglot('a PK\x01\x02 b')).toBe(false);
  });
});

describe('what follows the end of a PDF (decision 049)', () => {
  it('reads only after the last %%EOF, blanks and NULs trimmed at both ends', () => {
    expect(polyglot('%%EOF\n MZ %%EOF\n')).toBe(false);
    expect(polyglot('%%EOF\n%%EOF \0\n\tMZ')).toBe(true);
    expect(polyglot('%%EOF\n\0 %!PS \0\n')).toBe(true);
    expect(polyglot('%%EOFMZ')).toBe(true);
    expect(polyglot('MZ no end marker')).toBe(false);
    expect(polyglot('abcdMZ, no end marker either')).toBe(false);
    expect(polyglot('x'.repeat(2000))).toBe(false);
  });

  it('looks for another format at the start of what follows, not the end', () => {
    expect(polyglot('%%EOF\nwords then MZ')).toBe(false);
    expect(polyglot('%%EOF\nwords then <')).toBe(false);
  });

  it('counts the trimmed length against 1 KiB', () => {
    expect(polyglot(`%%EOF${' '.repeat(2000)}${'x'.repeat(1024)}${'\0'.repeat(2000)}`)).toBe(false);
    expect(polyglot(`%%EOF${'x'.repeat(1025)}`)).toBe(true);
    expect(polyglot(`%%EOF\n${'x'.repeat(1000)}${' '.repeat(30)}${'x'.repeat(24)}\n`)).toBe(true);
  });
});

describe('where a PDF is also a web page (decision 049)', () => {
  it('looks for tags outside streams and in unfiltered streams, not in filtered ones', () => {
    const filtered = 'obj<< /Filter /FlateDecode >>stream\n<html>\nendstream ';
    const plain = 'obj<<>>stream\nplain\nendstream ';
    expect(polyglot(`${filtered}${plain}`)).toBe(false);
    expect(polyglot(`${filtered}obj<<>>stream\n<html>\nendstream`)).toBe(true);
    expect(polyglot(`<html>${filtered}`)).toBe(true);
  });
});
