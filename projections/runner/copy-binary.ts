/**
 * COPY's binary format: each value as Postgres stores it, so Postgres does not parse text
 * (dates, timestamps, numerics, UUIDs) and Node does not build and escape a string per value
 * to encode it once more as UTF-8 (issue 30: a rebuild writes about 28 million values).
 */

import { ENCODERS, TYPE_OIDS, type ValueEncoder, type ValueSink } from './copy-binary-values';

export const BINARY_COPY_TYPES: ReadonlySet<number> = new Set(ENCODERS.keys());

/** Each column's type OID, from its type's name. */
export function columnTypeOids<Row>(
  types: Record<keyof Row & string, keyof typeof TYPE_OIDS>,
): Record<keyof Row & string, number> {
  const oids = {} as Record<keyof Row & string, number>;
  for (const column of Object.keys(types) as (keyof Row & string)[])
    oids[column] = TYPE_OIDS[types[column]];
  return oids;
}

type ValuesWriter = (out: BinaryRows, row: object) => void;

const SIGNATURE = Buffer.from('PGCOPY\n\xff\r\n\0', 'latin1');
const HEADER_BYTES = SIGNATURE.length + 8;
const CHUNK_BYTES = 1 << 20;
/** Up to this length a string is copied in JavaScript; past it, one native call is cheaper. */
const SHORT_TEXT = 40;
const NONE: Buffer[] = [];

/**
 * Rows in COPY binary format, sealed in chunks of about a megabyte: `row` appends one,
 * `take` hands over the chunks sealed so far, and `finish` the trailer and the rest.
 */
export class BinaryRows implements ValueSink {
  private buffer: Buffer;
  private at = 0;
  private sealed: Buffer[] = [];
  private readonly writeValues: ValuesWriter;
  private readonly fieldCount: number;
  /** Rows written so far. */
  count = 0;

  /** `chunkBytes` smaller than a row only in tests: every kind of value then begins a chunk. */
  constructor(
    readonly columns: readonly string[],
    readonly typeOids: readonly number[],
    private readonly chunkBytes = CHUNK_BYTES,
  ) {
    this.buffer = Buffer.allocUnsafe(Math.max(chunkBytes, HEADER_BYTES));
    this.writeValues = valuesWriter(columns, typeOids);
    this.fieldCount = columns.length;
    this.at = SIGNATURE.copy(this.buffer, 0);
    writeInt32(this.buffer, this.at, 0); // flags
    writeInt32(this.buffer, this.at + 4, 0); // header extension length
    this.at += 8;
  }

  row(row: object): void {
    this.count += 1;
    this.reserve(2);
    writeInt16(this.buffer, this.at, this.fieldCount);
    this.at += 2;
    this.writeValues(this, row);
  }

  /** Chunks sealed since the last call; none while the first megabyte fills. */
  take(): Buffer[] {
    if (this.sealed.length === 0) return NONE;
    const chunks = this.sealed;
    this.sealed = [];
    return chunks;
  }

  /** The trailer written, every chunk left. */
  finish(): Buffer[] {
    this.reserve(2);
    writeInt16(this.buffer, this.at, -1);
    this.at += 2;
    this.seal();
    return this.take();
  }

  /** Room for `bytes` more: a full chunk is sealed and a new one begun. */
  private reserve(bytes: number): void {
    if (this.at + bytes <= this.buffer.length) return;
    if (this.at > 0) this.seal();
    if (bytes > this.buffer.length) this.buffer = Buffer.allocUnsafe(bytes);
  }

  nullValue(): void {
    this.reserve(4);
    writeInt32(this.buffer, this.at, -1);
    this.at += 4;
  }

  // Each value is written by a method of its own, which takes `this.buffer` only after
  // `fixed` reserved its room: a reservation may seal the buffer and begin another.

  bool(value: boolean): void {
    const at = this.fixed(1);
    this.buffer[at] = value ? 1 : 0;
  }

  int16(value: number): void {
    const at = this.fixed(2);
    writeInt16(this.buffer, at, value);
  }

  int32(value: number): void {
    const at = this.fixed(4);
    writeInt32(this.buffer, at, value);
  }

  /** A safe integer as a big-endian int64, without a BigInt per value. */
  int64(value: number): void {
    const at = this.fixed(8);
    const high = Math.floor(value / 2 ** 32);
    writeInt32(this.buffer, at, high);
    writeInt32(this.buffer, at + 4, value - high * 2 ** 32);
  }

  bigint64(value: bigint): void {
    const at = this.fixed(8);
    this.buffer.writeBigInt64BE(value, at);
  }

  float64(value: number): void {
    const at = this.fixed(8);
    this.buffer.writeDoubleBE(value, at);
  }

  bytes(value: Uint8Array): void {
    const at = this.fixed(value.length);
    this.buffer.set(value, at);
  }

  numeric(groups: readonly number[], weight: number, negative: boolean, scale: number): void {
    let at = this.fixed(8 + groups.length * 2);
    const buffer = this.buffer;
    writeInt16(buffer, at, groups.length);
    writeInt16(buffer, at + 2, weight);
    writeInt16(buffer, at + 4, negative && groups.length > 0 ? 0x4000 : 0);
    writeInt16(buffer, at + 6, scale);
    for (const group of groups) {
      at += 2;
      writeInt16(buffer, at + 6, group);
    }
  }

  /** Writes a value's length and returns where its `size` bytes go, room reserved. */
  private fixed(size: number): number {
    this.reserve(4 + size);
    const at = this.at;
    writeInt32(this.buffer, at, size);
    this.at = at + 4 + size;
    return at + 4;
  }

  /** UTF-8 text after an optional leading byte (jsonb's version). */
  utf8(text: string, leadingByte?: number): void {
    const lead = leadingByte === undefined ? 0 : 1;
    const length = text.length;
    this.reserve(4 + lead + length * 3);
    const buffer = this.buffer;
    const start = this.at + 4;
    if (lead) buffer[start] = leadingByte as number;
    const at = start + lead;
    // Most values are short ASCII: copied here, without a call into C++ for each.
    let ascii = length <= SHORT_TEXT ? 0 : -1;
    for (; ascii >= 0 && ascii < length; ascii += 1) {
      const code = text.charCodeAt(ascii);
      if (code >= 0x80) break;
      buffer[at + ascii] = code;
    }
    const end = ascii === length ? at + length : at + buffer.write(text, at);
    writeInt32(buffer, this.at, end - start);
    this.at = end;
  }

  private seal(): void {
    this.sealed.push(this.buffer.subarray(0, this.at));
    this.buffer = Buffer.allocUnsafe(this.chunkBytes);
    this.at = 0;
  }
}

function writeInt32(buffer: Buffer, at: number, value: number): void {
  buffer[at] = value >>> 24;
  buffer[at + 1] = value >>> 16;
  buffer[at + 2] = value >>> 8;
  buffer[at + 3] = value;
}

function writeInt16(buffer: Buffer, at: number, value: number): void {
  buffer[at] = value >>> 8;
  buffer[at + 1] = value;
}

const valuesWriters = new Map<string, ValuesWriter>();

/**
 * A row's values written by a function made for these columns and types: each value read by
 * its fixed name and passed to its type's encoder at a call site of its own, which V8
 * inlines; a loop over names and encoders is about twice as slow (issue 30).
 */
function valuesWriter(columns: readonly string[], typeOids: readonly number[]): ValuesWriter {
  const key = columns.map((column, i) => `${column}:${typeOids[i]}`).join(',');
  let writer = valuesWriters.get(key);
  if (!writer) {
    const encoders = typeOids.map((oid, i) => {
      const encoder = ENCODERS.get(oid);
      if (!encoder) throw new Error(`no binary COPY for ${columns[i]} (type ${oid})`);
      return encoder;
    });
    const body = columns
      .map((column, i) => {
        const name = JSON.stringify(column);
        return `v = row[${name}];
  if (v === null || v === undefined) out.nullValue(); else e${i}(out, v, ${name});`;
      })
      .join('\n  ');
    const make = new Function(
      ...encoders.map((_, i) => `e${i}`),
      `return function writeValues(out, row) {\n  let v;\n  ${body}\n};`,
    ) as (...encoders: ValueEncoder[]) => ValuesWriter;
    writer = make(...encoders);
    valuesWriters.set(key, writer);
  }
  return writer;
}
