import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '@tests/support/test-database';
import { copyRows, copyValue } from './copy-rows';

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
});
