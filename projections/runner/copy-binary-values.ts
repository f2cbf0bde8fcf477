/**
 * The value encoders of COPY's binary format (copy-binary.ts), one per column type: each
 * checks its value and writes it as Postgres stores it, or refuses it naming the column.
 */

/** Where an encoder writes: the rows being built (BinaryRows). */
export interface ValueSink {
  nullValue(): void;
  bool(value: boolean): void;
  int16(value: number): void;
  int32(value: number): void;
  int64(value: number): void;
  bigint64(value: bigint): void;
  float64(value: number): void;
  bytes(value: Uint8Array): void;
  numeric(groups: readonly number[], weight: number, negative: boolean, scale: number): void;
  utf8(text: string, leadingByte?: number): void;
}

export type ValueEncoder = (out: ValueSink, value: unknown, column: string) => void;

/** Type OIDs by the names a migration writes. */
export const TYPE_OIDS = {
  boolean: 16,
  bigint: 20,
  smallint: 21,
  integer: 23,
  text: 25,
  json: 114,
  'double precision': 701,
  varchar: 1043,
  date: 1082,
  timestamptz: 1184,
  numeric: 1700,
  uuid: 2950,
  jsonb: 3802,
} as const;

/** The column types written in binary, by type OID; a table with any other stays on text. */
export const ENCODERS = new Map<number, ValueEncoder>([
  [TYPE_OIDS.boolean, writeBool],
  [TYPE_OIDS.bigint, writeInt8],
  [TYPE_OIDS.smallint, writeInt2],
  [TYPE_OIDS.integer, writeInt4],
  [TYPE_OIDS.text, writeText],
  [TYPE_OIDS.json, writeText],
  [TYPE_OIDS['double precision'], writeFloat8],
  [TYPE_OIDS.varchar, writeText],
  [TYPE_OIDS.date, writeDate],
  [TYPE_OIDS.timestamptz, writeTimestamptz],
  [TYPE_OIDS.numeric, writeNumeric],
  [TYPE_OIDS.uuid, writeUuid],
  [TYPE_OIDS.jsonb, writeJsonb],
]);

function refuse(column: string, type: string, value: unknown): never {
  throw new TypeError(`${column}: ${JSON.stringify(value)} is not a valid ${type}`);
}

function writeText(out: ValueSink, value: unknown): void {
  out.utf8(typeof value === 'string' ? value : JSON.stringify(value));
}

function writeJsonb(out: ValueSink, value: unknown): void {
  // As in COPY text: a string is JSON text already, anything else is made JSON.
  out.utf8(typeof value === 'string' ? value : JSON.stringify(value), 1);
}

function writeBool(out: ValueSink, value: unknown, column: string): void {
  if (typeof value !== 'boolean') refuse(column, 'boolean', value);
  out.bool(value);
}

function integer(value: unknown, column: string, type: string, limit: number): number {
  const number = typeof value === 'bigint' ? Number(value) : value;
  if (typeof number !== 'number' || !Number.isSafeInteger(number) || Math.abs(number) > limit) {
    refuse(column, type, value);
  }
  return number;
}

function writeInt2(out: ValueSink, value: unknown, column: string): void {
  const number = integer(value, column, 'smallint', 0x7fff);
  out.int16(number);
}

function writeInt4(out: ValueSink, value: unknown, column: string): void {
  const number = integer(value, column, 'integer', 0x7fffffff);
  out.int32(number);
}

function writeInt8(out: ValueSink, value: unknown, column: string): void {
  if (typeof value === 'bigint') {
    if (BigInt.asIntN(64, value) !== value) refuse(column, 'bigint', String(value));
    out.bigint64(value);
    return;
  }
  const number = integer(value, column, 'bigint', Number.MAX_SAFE_INTEGER);
  out.int64(number);
}

function writeFloat8(out: ValueSink, value: unknown, column: string): void {
  if (typeof value !== 'number') refuse(column, 'double precision', value);
  out.float64(value);
}

/** Each character code's value as a hex digit, -1 for any other. */
const HEX = new Int8Array(128).fill(-1);
for (let i = 0; i < 16; i += 1) {
  HEX[i.toString(16).charCodeAt(0)] = i;
  HEX[i.toString(16).toUpperCase().charCodeAt(0)] = i;
}
const hex = (text: string, i: number) => HEX[text.charCodeAt(i)] ?? -1;

const uuidBytes = new Uint8Array(16);

function writeUuid(out: ValueSink, value: unknown, column: string): void {
  if (typeof value !== 'string' || value.length !== 36) refuse(column, 'uuid', value);
  let byte = 0;
  for (let i = 0; i < 36; ) {
    if (i === 8 || i === 13 || i === 18 || i === 23) {
      if (value.charCodeAt(i) !== 45) refuse(column, 'uuid', value);
      i += 1;
      continue;
    }
    const high = hex(value, i);
    const low = hex(value, i + 1);
    if (high < 0 || low < 0) refuse(column, 'uuid', value);
    uuidBytes[byte] = (high << 4) | low;
    byte += 1;
    i += 2;
  }
  out.bytes(uuidBytes);
}

const MS_PER_DAY = 86_400_000;
/** Postgres counts dates from 2000-01-01 and timestamps from its midnight UTC. */
const POSTGRES_EPOCH_DAY = 10_957;

/**
 * Days since 1970-01-01 of a proleptic Gregorian date, or NaN when no such day exists
 * (2026-02-30). Arithmetic, not a Date per value (H. Hinnant's days_from_civil).
 */
function civilDay(year: number, month: number, day: number): number {
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return Number.NaN;
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yearOfEra = y - era * 400;
  const dayOfYear = Math.floor((153 * (month + (month > 2 ? -3 : 9)) + 2) / 5) + day - 1;
  const dayOfEra =
    yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) + dayOfYear;
  return era * 146_097 + dayOfEra - 719_468;
}

function daysInMonth(year: number, month: number): number {
  if (month === 2) return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28;
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}

/** The number written in `text` from `start` to before `end`, or NaN if any is no digit. */
function digits(text: string, start: number, end: number): number {
  let number = 0;
  for (let i = start; i < end; i += 1) {
    const digit = text.charCodeAt(i) - 48;
    if (digit < 0 || digit > 9) return Number.NaN;
    number = number * 10 + digit;
  }
  return number;
}

/** Days since 1970 of a YYYY-MM-DD text at `start`, or NaN. */
function isoDay(text: string, start: number): number {
  if (text.charCodeAt(start + 4) !== 45 || text.charCodeAt(start + 7) !== 45) return Number.NaN;
  return civilDay(
    digits(text, start, start + 4),
    digits(text, start + 5, start + 7),
    digits(text, start + 8, start + 10),
  );
}

function writeDate(out: ValueSink, value: unknown, column: string): void {
  const day = typeof value === 'string' && value.length === 10 ? isoDay(value, 0) : Number.NaN;
  if (Number.isNaN(day)) refuse(column, 'date (YYYY-MM-DD)', value);
  out.int32(day - POSTGRES_EPOCH_DAY);
}

/**
 * Microseconds since 2000-01-01 UTC of an ISO 8601 timestamp with a zone, as toISOString
 * writes it ("2026-09-14T14:05:00.000Z", up to six decimals, or a ±HH:MM offset), or NaN:
 * a timestamp without a zone is refused, never read as UTC.
 */
function timestampMicros(value: unknown): number {
  if (value instanceof Date) return (value.getTime() - POSTGRES_EPOCH_DAY * MS_PER_DAY) * 1000;
  if (typeof value !== 'string' || value.length < 20 || value.charCodeAt(10) !== 84) {
    return Number.NaN;
  }
  const day = isoDay(value, 0);
  if (value.charCodeAt(13) !== 58 || value.charCodeAt(16) !== 58) return Number.NaN;
  const hours = digits(value, 11, 13);
  const minutes = digits(value, 14, 16);
  const seconds = digits(value, 17, 19);
  if (!(hours <= 23 && minutes <= 59 && seconds <= 59)) return Number.NaN;
  let at = 19;
  let micros = 0;
  if (value.charCodeAt(at) === 46) {
    let end = at + 1;
    while (
      end < value.length &&
      end - at <= 6 &&
      value.charCodeAt(end) >= 48 &&
      value.charCodeAt(end) <= 57
    )
      end += 1;
    if (end === at + 1) return Number.NaN;
    micros = digits(value, at + 1, end) * 10 ** (7 - (end - at));
    at = end;
  }
  const offsetMinutes = zoneOffsetMinutes(value, at);
  const minute = (day - POSTGRES_EPOCH_DAY) * 1440 + hours * 60 + minutes - offsetMinutes;
  return (minute * 60 + seconds) * 1_000_000 + micros;
}

/** Minutes east of UTC of a zone ("Z", "+02:00") that ends the text at `at`, or NaN. */
function zoneOffsetMinutes(text: string, at: number): number {
  const sign = text.charCodeAt(at);
  if (sign === 90) return at + 1 === text.length ? 0 : Number.NaN;
  if ((sign !== 43 && sign !== 45) || at + 6 !== text.length || text.charCodeAt(at + 3) !== 58) {
    return Number.NaN;
  }
  const minutes = digits(text, at + 1, at + 3) * 60 + digits(text, at + 4, at + 6);
  return sign === 45 ? -minutes : minutes;
}

function writeTimestamptz(out: ValueSink, value: unknown, column: string): void {
  const micros = timestampMicros(value);
  if (!Number.isSafeInteger(micros)) refuse(column, 'timestamp with a zone (ISO 8601)', value);
  out.int64(micros);
}

const DECIMAL = /^(-?)(\d+)(?:\.(\d+))?$/;

/** A number as plain decimal digits (no exponent), or the string as given. */
function decimalText(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value !== 'number' || !Number.isFinite(value)) return undefined;
  const text = String(value);
  if (!text.includes('e')) return text;
  // Below 1e21 toFixed writes every digit; above, the value overflows any numeric(p, s) here.
  return Math.abs(value) < 1e21 ? value.toFixed(20).replace(/\.?0+$/, '') : undefined;
}

/**
 * numeric's binary form: base-10,000 digits with the weight of the first, a sign and the
 * display scale. Postgres rounds it to the column's scale on the way in, as it rounds text.
 */
function writeNumeric(out: ValueSink, value: unknown, column: string): void {
  if (Number.isSafeInteger(value)) {
    writeWholeNumeric(out, value as number);
    return;
  }
  const match = DECIMAL.exec(decimalText(value) ?? '');
  if (!match) refuse(column, 'numeric', value);
  const [, sign, whole = '', fraction = ''] = match;
  const wholeDigits = whole.replace(/^0+/, '');
  const groupsBefore = Math.ceil(wholeDigits.length / 4);
  const padded =
    wholeDigits.padStart(groupsBefore * 4, '0') +
    fraction.padEnd(Math.ceil(fraction.length / 4) * 4, '0');
  const groups: number[] = [];
  for (let i = 0; i < padded.length; i += 4) groups.push(digits(padded, i, i + 4));
  let weight = groupsBefore - 1;
  while (groups.length > 0 && groups[0] === 0) {
    groups.shift();
    weight -= 1;
  }
  while (groups.length > 0 && groups.at(-1) === 0) groups.pop();
  out.numeric(groups, groups.length ? weight : 0, sign === '-', fraction.length);
}

/** A whole number's base-10,000 digits by arithmetic: most amounts are whole, and zero. */
function writeWholeNumeric(out: ValueSink, value: number): void {
  const groups: number[] = [];
  for (let rest = Math.abs(value); rest > 0; rest = Math.floor(rest / 10_000)) {
    groups.unshift(rest % 10_000);
  }
  const weight = groups.length - 1;
  while (groups.length > 0 && groups.at(-1) === 0) groups.pop();
  out.numeric(groups, Math.max(weight, 0), value < 0, 0);
}
