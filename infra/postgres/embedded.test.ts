import pg from 'pg';
import { describe, expect, inject, it } from 'vitest';
import { embeddedSharedBuffersMb } from './embedded';

const GIB = 2 ** 30;

describe('the embedded Postgres memory for pages', () => {
  it('takes an eighth of the machine, never under 128 MB nor over 2 GB', () => {
    expect(embeddedSharedBuffersMb(0.5 * GIB)).toBe(128);
    expect(embeddedSharedBuffersMb(4 * GIB)).toBe(512);
    expect(embeddedSharedBuffersMb(8 * GIB)).toBe(1_024);
    expect(embeddedSharedBuffersMb(24 * GIB)).toBe(2_048);
    expect(embeddedSharedBuffersMb(256 * GIB)).toBe(2_048);
  });

  it('is what the running embedded server uses', async () => {
    const client = new pg.Client({ connectionString: inject('postgresAdminUrl') });
    await client.connect();
    try {
      const { rows } = await client.query<{ mb: string }>(
        `select (setting::bigint * 8192 / 1048576)::text as mb
         from pg_settings where name = 'shared_buffers'`,
      );
      expect(Number(rows[0]?.mb)).toBe(embeddedSharedBuffersMb());
    } finally {
      await client.end();
    }
  });
});
