import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '@tests/support/test-database';
import { BinaryRows, columnTypeOids } from './copy-binary';
import { copyEncoded, copyRows, copyValue } from './copy-rows';

describe('COPY text values', () => {
  it('writes null as \\N, booleans as t/f, objects as JSON, and escapes what COPY reads specially', () => {
    expect(copyValue(null)).toBe('\\N');
    expect(copyValue(undefined)).toBe('\\N');
    expect(copyValue(true)).toBe('t');
    expect(copyValue(false)).toBe('f');
    expect(copyValue(12.5)).toBe('12.5');
    expect(copyValue('tab\there\nnew\rline \\N')).toBe('tab\\there\\nnew\\rline \\\\N');
    expect(copyValue({ fileName: 'a"b\\c.pdf' })).toBe('{"fileName":"a\\\\"b\\\\\\\\c.pdf"}');
  });
});

describe('copyRows into Postgres', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
    await database.pool.query(
      'create table copied (id integer primary key, name text, amount numeric(12, 2), ok boolean, doc jsonb)',
    );
  });
  afterAll(() => database.drop());

  interface Copied {
    id: number;
    name: string | null;
    amount: number;
    ok: boolean;
    doc: unknown;
  }
  const COLUMNS = ['id', 'name', 'amount', 'ok', 'doc'] as const;

  it('reads back every row as written, across chunks, whatever the text holds', async () => {
    const awkward = ['tab\there', 'line\nbreak\r', 'back\\slash \\N', 'Éloïse 山田 🙂', '', null];
    const rows: Copied[] = Array.from({ length: 4_500 }, (_, i) => ({
      id: i,
      name: awkward[i % awkward.length] ?? null,
      amount: i / 4,
      ok: i % 2 === 0,
      doc: i % 3 ? { fileName: `a"b\\c\t${i}.pdf`, size: i } : null,
    }));
    const client = await database.pool.connect();
    try {
      await copyRows<Copied>(client, 'copied', COLUMNS, rows);
    } finally {
      client.release();
    }
    const { rows: stored } = await database.pool.query<Copied>(
      'select id, name, amount::float8 as amount, ok, doc from copied order by id',
    );
    expect(stored).toEqual(rows);
  });

  it('fails with Postgres’s error and leaves the connection usable', async () => {
    const client = await database.pool.connect();
    try {
      await expect(
        copyRows<Copied>(client, 'copied', COLUMNS, [
          { id: 0, name: 'again', amount: 1, ok: true, doc: null },
        ]),
      ).rejects.toThrow(/duplicate key/);
      expect((await client.query('select 1 as one')).rows).toEqual([{ one: 1 }]);
    } finally {
      client.release();
    }
  });

  it('copies rows encoded ahead, and refuses them, sending none, where a column is of another type', async () => {
    const types = columnTypeOids<Copied>({
      id: 'integer',
      name: 'text',
      amount: 'numeric',
      ok: 'boolean',
      doc: 'jsonb',
    });
    const encoded = (oids: Record<keyof Copied, number>) => {
      const rows = new BinaryRows(
        COLUMNS,
        COLUMNS.map((column) => oids[column]),
      );
      rows.row({ id: 10_001, name: 'ahead', amount: 2.5, ok: false, doc: { size: 1 } });
      return rows;
    };
    const client = await database.pool.connect();
    try {
      await expect(
        copyEncoded(client, 'copied', encoded({ ...types, name: types.doc })),
      ).rejects.toThrow('copied.name is of type 25, encoded as 3802');
      expect(
        (await client.query('select count(*)::int as n from copied where id > 10000')).rows,
      ).toEqual([{ n: 0 }]);
      await copyEncoded(client, 'copied', encoded(types));
    } finally {
      client.release();
    }
    const { rows } = await database.pool.query(
      'select id, name, amount::float8 as amount, ok, doc from copied where id > 10000',
    );
    expect(rows).toEqual([{ id: 10_001, name: 'ahead', amount: 2.5, ok: false, doc: { size: 1 } }]);
  });
});
