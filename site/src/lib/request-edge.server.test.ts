import { describe, expect, it } from 'vitest';
import { ValidationError } from '@contracts/errors';
import {
  acceptableText,
  checkRequestEdge,
  jsonDepthOver,
  unacceptableTextErrors,
} from './request-edge.server';
import { readJsonBody } from './request-body.server';

const post = (body: string) =>
  new Request('http://portal.test/api/x', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body,
  });

async function refusal(body: string): Promise<ValidationError> {
  const error = await readJsonBody(post(body), 1_000_000).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(ValidationError);
  return error as ValidationError;
}

describe('the JSON body edge', () => {
  it('counts nesting on the raw text, ignoring brackets inside strings', () => {
    expect(jsonDepthOver('[[[]]]', 3)).toBe(false);
    expect(jsonDepthOver('[[[[]]]]', 3)).toBe(true);
    expect(jsonDepthOver('{"a":"[[[[[[\\"[[[["}', 3)).toBe(false);
    expect(jsonDepthOver(`${'['.repeat(100_000)}${']'.repeat(100_000)}`)).toBe(true);
  });

  it('agrees with a walk of every character on strings full of quotes, backslashes and brackets', () => {
    // The walk the jumps replaced (issue 45): the oracle for 2,000 generated bodies.
    const walked = (text: string, limit: number) => {
      let depth = 0;
      let inString = false;
      for (let index = 0; index < text.length; index += 1) {
        const code = text.charCodeAt(index);
        if (inString) {
          if (code === 0x5c) index += 1;
          else if (code === 0x22) inString = false;
        } else if (code === 0x22) inString = true;
        else if (code === 0x5b || code === 0x7b) {
          depth += 1;
          if (depth > limit) return true;
        } else if (code === 0x5d || code === 0x7d) depth -= 1;
      }
      return false;
    };
    const pieces = ['"', '\\', '[', ']', '{', '}', 'a', '\\"', '\\\\', ' '];
    let seed = 20261207;
    const random = (n: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed % n;
    };
    const text = () =>
      Array.from({ length: random(12) }, () => pieces[random(pieces.length)]).join('');
    const value = (depth: number): unknown =>
      depth > 0 && random(3) > 0
        ? random(2) === 0
          ? Array.from({ length: random(4) }, () => value(depth - 1))
          : { [text()]: value(depth - 1), b: text() }
        : text();
    for (let body = 0; body < 2_000; body += 1) {
      const json = JSON.stringify(value(random(8)));
      for (const limit of [1, 3, 5])
        expect(jsonDepthOver(json, limit), json).toBe(walked(json, limit));
      // Raw text that is no JSON: unbalanced quotes and dangling backslashes.
      const raw = `${text()}${text()}`;
      expect(jsonDepthOver(raw, 1), raw).toBe(walked(raw, 1));
    }
  });

  it('refuses a body nested 100,000 deep as tooDeep, before any walk', async () => {
    for (const depth of [33, 2_000, 100_000]) {
      const error = await refusal(`${'['.repeat(depth)}${']'.repeat(depth)}`);
      expect(error.fieldErrors).toEqual([{ field: '', code: 'tooDeep' }]);
      const objects = await refusal(`${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`);
      expect(objects.fieldErrors[0]?.code).toBe('tooDeep');
    }
  });

  it('accepts the nesting the API uses', async () => {
    const body = { documents: [{ name: 'a.pdf', meta: { pages: [1, 2] } }] };
    await expect(readJsonBody(post(JSON.stringify(body)), 1_000)).resolves.toEqual(body);
  });

  it('refuses lone surrogates and bidi controls, naming the field', async () => {
    for (const bad of ['\\ud800', 'a\\udc00b', 'letter\\u202efdp.exe', '\\u2067x', '\\u200f']) {
      const error = await refusal(`{"claimDescription":"${bad}","ok":"\\ud83d\\ude00"}`);
      expect(error.fieldErrors).toEqual([{ field: 'claimDescription', code: 'invalidCharacters' }]);
    }
    const key = await refusal('{"a":{"\\ud800":1}}');
    expect(key.fieldErrors).toEqual([{ field: 'a.\ud800', code: 'invalidCharacters' }]);
  });

  it('keeps emoji, accents, Chinese and line breaks', () => {
    for (const text of ['😀 ok', 'Élodie Œuvre', '理赔', 'line\nbreak\ttab']) {
      expect(acceptableText(text), text).toBe(true);
    }
    expect(acceptableText('a\u0000b')).toBe(false);
    expect(acceptableText('line\nbreak', false)).toBe(false);
  });

  it('walks a deep parsed value without recursion', () => {
    let value: unknown = '\ud800';
    for (let level = 0; level < 100_000; level += 1) value = [value];
    const errors = unacceptableTextErrors(value);
    expect(errors).toHaveLength(1);
    expect(errors[0]?.field.split('.')).toHaveLength(100_000);
  });

  it('reports several fields in body order', () => {
    expect(unacceptableTextErrors({ a: 'x\u0000', b: ['ok', '\u202e'] })).toEqual([
      { field: 'a', code: 'invalidCharacters' },
      { field: 'b.1', code: 'invalidCharacters' },
    ]);
  });
});

describe('the query edge', () => {
  const edge = (query: string) => () =>
    checkRequestEdge({ params: {}, request: new Request(`http://portal.test/api/x?${query}`) });

  it('lets whitespace around a value through to the handler, which trims it', () => {
    expect(edge('value=%09')).not.toThrow();
    expect(edge('value=%09abc%0D%0A')).not.toThrow();
  });

  it('refuses a control character inside a value or anywhere in a name', () => {
    expect(edge('value=a%09b')).toThrow(ValidationError);
    expect(edge('value=%00')).toThrow(ValidationError);
    expect(edge('va%09lue=x')).toThrow(ValidationError);
  });
});
