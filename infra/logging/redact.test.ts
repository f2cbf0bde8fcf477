import { Writable } from 'node:stream';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { REDACTED_FIELDS } from './logger';
import { CENSOR, redactor } from './redact';

/** Lines a logger with the portal's redaction writes, parsed. */
function loggedLines(write: (log: pino.Logger) => void): Record<string, unknown>[] {
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  write(pino({ formatters: { log: redactor(REDACTED_FIELDS) } }, sink));
  return lines.map((line) => JSON.parse(line) as Record<string, unknown>);
}

describe('log redaction', () => {
  it('censors every named field at the top of a line and one level down', () => {
    for (const field of REDACTED_FIELDS) {
      const [line] = loggedLines((log) =>
        log.info(
          { [field]: 'hidden-value-1', body: { [field]: 'hidden-value-2', kept: 'shown' } },
          'm',
        ),
      );
      expect(line?.[field], field).toBe(CENSOR);
      expect(line?.body, field).toEqual({ [field]: CENSOR, kept: 'shown' });
      expect(JSON.stringify(line)).not.toContain('hidden-value');
    }
  });

  it('censors a named field of an error and of an array item', () => {
    const error = Object.assign(new Error('boom'), { code: '123456', token: 'SECRET-3' });
    const [line] = loggedLines((log) =>
      log.error({ err: error, items: { password: 'SECRET-4' }, list: ['a'] }, 'failed'),
    );
    const err = line?.err as Record<string, unknown>;
    expect(err.message).toBe('boom');
    expect(err.code).toBe(CENSOR);
    expect(err.token).toBe(CENSOR);
    expect(String(err.stack)).toContain('boom');
    expect(line?.items).toEqual({ password: CENSOR });
    expect(line?.list).toEqual(['a']);
  });

  it("leaves other fields as they are and never changes the caller's object", () => {
    const fields = {
      requestId: 'r-1',
      status: 201,
      nested: { otp: '654321', depth: { otp: 'x' } },
    };
    const [line] = loggedLines((log) => log.info(fields, 'request'));
    expect(line).toMatchObject({ requestId: 'r-1', status: 201, msg: 'request' });
    // Two levels down is not a path pino's `*.name` reached either.
    expect(line?.nested).toEqual({ otp: CENSOR, depth: { otp: 'x' } });
    expect(fields.nested.otp).toBe('654321');
  });
});
