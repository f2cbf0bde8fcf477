import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '@tests/support/test-database';
import { copyRows } from './copy-rows';

/**
 * The oracle is Postgres itself: each row goes in once through binary COPY and once as
 * text parameters of an INSERT, which Postgres's own input functions read. The two tables
 * must hold the same values.
 */
describe('binary COPY against Postgres’s own reading of the same values', () => {
  let database: TestDatabase;
  const TYPES = `id integer primary key, flag boolean, small smallint, big bigint, ratio float8,
    label text, short varchar(200), doc jsonb, raw json, day date, at timestamptz,
    amount numeric(12, 2), loose numeric, ref uuid`;
  const COLUMNS = [
    'id',
    'flag',
    'small',
    'big',
    'ratio',
    'label',
    'short',
    'doc',
    'raw',
    'day',
    'at',
    'amount',
    'loose',
    'ref',
  ] as const;
  type Row = Record<(typeof COLUMNS)[number], unknown>;

  beforeAll(async () => {
    database = await createTestDatabase();
    await database.pool.query(`create table copied (${TYPES})`);
    await database.pool.query(`create table inserted (${TYPES})`);
    await database.pool.query(`create table copied_in_small_chunks (${TYPES})`);
  });
  afterAll(() => database.drop());

  const texts = [
    'plain',
    '',
    'tab\there, line\nbreak\r and back\\slash \\N',
    'Éloïse Tremblay-Côté',
    '山田 太郎 🙂',
    'a long ASCII value that is well past the forty characters copied one by one',
    `a long value with one accent at its very end, past forty characters: é`,
  ];
  const days = ['2000-01-01', '1999-12-31', '1900-01-01', '2024-02-29', '2099-12-31', '1970-01-01'];
  const instants = [
    '2026-09-14T14:05:00.000Z',
    '2000-01-01T00:00:00Z',
    '1999-12-31T23:59:59.999999Z',
    '1969-07-20T20:17:40.5Z',
    '2026-03-08T01:30:00.123+05:30',
    '2026-11-01T23:45:00.000-08:00',
    new Date('2031-05-06T07:08:09.010Z'),
  ];
  const amounts = [0, -0, 12.5, -3.25, 1234567890.12, 0.005, 0.1 + 0.2, 1e-7, 7, -10_000, '42.10'];
  const looseNumbers = [123456789012345, 0.000123, -98765.4321, 1e20, 10_000.0001, '0.0000'];
  const refs = ['018f3a10-0000-7000-8000-00000000d001', 'A0EEBC99-9C0B-4EF8-BB6D-6BB9BD380A11'];

  const rowAt = (i: number): Row => ({
    id: i,
    flag: i % 3 === 0 ? null : i % 2 === 0,
    small: (i % 65_535) - 32_767,
    big: i % 5 === 0 ? BigInt(i) * 4_000_000_000n : -i * 3_000_000_000,
    ratio: i / 7,
    label: texts[i % texts.length],
    short: i % 4 === 0 ? null : `${texts[(i + 1) % texts.length]} ${i}`,
    doc: i % 6 === 0 ? null : { fileName: `a"b\\c\t${i}.pdf`, size: i, tags: ['é', i] },
    raw: i % 2 ? `{"n": ${i}}` : [i, 'x'],
    day: days[i % days.length],
    at: instants[i % instants.length],
    amount: amounts[i % amounts.length],
    loose: looseNumbers[i % looseNumbers.length],
    ref:
      i % 9 === 0
        ? null
        : (refs[i % refs.length] ?? '').replace(/.{4}$/, i.toString(16).padStart(4, '0').slice(-4)),
  });

  it('stores what Postgres reads from text, across megabyte chunks', async () => {
    // Enough rows for several chunks, so values are split across chunk boundaries.
    const rows = Array.from({ length: 12_000 }, (_, i) => rowAt(i));
    const client = await database.pool.connect();
    try {
      await copyRows<Row>(client, 'copied', COLUMNS, rows);
      for (const row of rows.slice(0, 2_000)) {
        await client.query(
          `insert into inserted (${COLUMNS.join(', ')})
           values (${COLUMNS.map((_, i) => `$${i + 1}`).join(', ')})`,
          COLUMNS.map((column) => asParameter(row[column])),
        );
      }
    } finally {
      client.release();
    }
    expect(await differencesFromInserted('copied')).toEqual({ copied: 12_000, differing: 0 });
    // Read back in text as well: the same value, not only the same ordering.
    const { rows: sample } = await database.pool.query(
      `select (at at time zone 'UTC')::text as at, amount::text, day::text, label
       from copied where id in (3, 4, 5, 6) order by id`,
    );
    expect(sample).toEqual([
      { at: '1969-07-20 20:17:40.5', amount: '-3.25', day: '2024-02-29', label: texts[3] },
      {
        at: '2026-03-07 20:00:00.123',
        amount: '1234567890.12',
        day: '2099-12-31',
        label: texts[4],
      },
      { at: '2026-11-02 07:45:00', amount: '0.01', day: '1970-01-01', label: texts[5] },
      { at: '2031-05-06 07:08:09.01', amount: '0.30', day: '2000-01-01', label: texts[6] },
    ]);
  });

  it('stores the same with a chunk sealed every few values, whichever value ends one', async () => {
    const rows = Array.from({ length: 2_000 }, (_, i) => rowAt(i));
    const client = await database.pool.connect();
    try {
      for (const chunkBytes of [16, 24, 48, 61]) {
        await client.query('truncate copied_in_small_chunks');
        await copyRows<Row>(client, 'copied_in_small_chunks', COLUMNS, rows, { chunkBytes });
        expect(await differencesFromInserted('copied_in_small_chunks')).toEqual({
          copied: 2_000,
          differing: 0,
        });
      }
    } finally {
      client.release();
    }
  });

  /** Rows of `table` (ids below 2,000) that differ from those inserted as text, both ways. */
  async function differencesFromInserted(table: string) {
    // json has no equality, and numeric's ignores the scale (1.50 = 1.5): their text does not.
    const asText = ['raw', 'loose'];
    const all = COLUMNS.map((column) =>
      asText.includes(column) ? `${column}::text` : column,
    ).join(', ');
    const copied = `select ${all} from ${table} where id < 2000`;
    const { rows } = await database.pool.query<{ copied: number; differing: number }>(
      `select (select count(*)::int from ${table}) as copied,
              (select count(*)::int from (
                 (${copied} except select ${all} from inserted)
                 union all
                 (select ${all} from inserted except ${copied})
               ) as difference) as differing`,
    );
    return rows[0];
  }

  it.each([
    ['day', '2026-02-30', /day: "2026-02-30" is not a valid date/],
    ['day', '26-01-01', /day: "26-01-01" is not a valid date/],
    ['at', '2026-01-01T10:00:00', /at: .* is not a valid timestamp with a zone/],
    ['at', '2026-01-01 10:00:00+00', /at: .* is not a valid timestamp with a zone/],
    ['ref', 'not-a-uuid', /ref: "not-a-uuid" is not a valid uuid/],
    ['amount', 'twelve', /amount: "twelve" is not a valid numeric/],
    ['small', 40_000, /small: 40000 is not a valid smallint/],
    ['id', 1.5, /id: 1.5 is not a valid integer/],
    ['flag', 'yes', /flag: "yes" is not a valid boolean/],
  ])(
    'refuses %s = %j naming the column; the COPY stores no row and the connection stays usable',
    async (column, value, message) => {
      const client = await database.pool.connect();
      try {
        const rows = [rowAt(100_001), { ...rowAt(100_002), [column]: value }];
        await expect(copyRows<Row>(client, 'copied', COLUMNS, rows)).rejects.toThrow(message);
        const { rows: found } = await client.query(
          'select count(*)::int as n from copied where id > 100000',
        );
        expect(found).toEqual([{ n: 0 }]);
      } finally {
        client.release();
      }
    },
  );

  it('falls back to text for a table with a type it has no encoder for', async () => {
    await database.pool.query(
      'create table tagged (id integer primary key, tags text[], span interval)',
    );
    const client = await database.pool.connect();
    try {
      await copyRows(client, 'tagged', ['id', 'tags', 'span'] as const, [
        { id: 1, tags: '{a,"b c"}', span: '1 day 02:00:00' },
        { id: 2, tags: null, span: null },
      ]);
    } finally {
      client.release();
    }
    const { rows } = await database.pool.query(
      'select id, tags, span::text from tagged order by id',
    );
    expect(rows).toEqual([
      { id: 1, tags: ['a', 'b c'], span: '1 day 02:00:00' },
      { id: 2, tags: null, span: null },
    ]);
  });
});

/** A value as pg sends an INSERT's parameter: text for Postgres's input functions to read. */
function asParameter(value: unknown): unknown {
  if (typeof value === 'bigint') return value.toString();
  if (typeof value === 'number') return String(value);
  if (value !== null && typeof value === 'object' && !(value instanceof Date)) {
    return JSON.stringify(value);
  }
  return value;
}
