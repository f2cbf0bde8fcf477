import { describe, expect, it } from 'vitest';
import { batchBody, percentsSent } from './upload-batch';

describe('batchBody', () => {
  it('is the JSON the API reads, and each file ends where its part of the body ends', () => {
    const files = [
      { name: 'résumé.pdf', data: 'data:application/pdf;base64,JVBERi0xLjQK' },
      { name: 'scan.png', data: 'data:image/png;base64,iVBORw0KGgo=' },
    ];
    const { body, ends } = batchBody(files);
    expect(JSON.parse(body)).toEqual({ attachments: files });
    const bytes = new TextEncoder().encode(body);
    expect(ends).toHaveLength(2);
    expect(new TextDecoder().decode(bytes.slice(0, ends[0]))).toMatch(
      /"résumé\.pdf".*JVBERi0xLjQK"\}$/,
    );
    expect(new TextDecoder().decode(bytes.slice(ends[0], ends[1]))).toMatch(
      /^,\{"name":"scan\.png"/,
    );
    expect(bytes.length - (ends[1] ?? 0)).toBe(2);
  });

  it('puts the other fields first, so the files still end where they did counting from them', () => {
    const files = [{ name: 'claim.pdf', data: 'data:application/pdf;base64,JVBERi0xLjQK' }];
    const { body, ends } = batchBody(files, { kind: 'claim' });
    expect(JSON.parse(body)).toEqual({ kind: 'claim', attachments: files });
    expect(new TextEncoder().encode(body).length - (ends[0] ?? 0)).toBe(2);
  });
});

describe('percentsSent', () => {
  const ends = [100, 300];

  it('fills the files in order', () => {
    expect(percentsSent(0, ends)).toEqual([0, 0]);
    expect(percentsSent(50, ends)).toEqual([50, 0]);
    expect(percentsSent(100, ends)).toEqual([100, 0]);
    expect(percentsSent(200, ends)).toEqual([100, 50]);
    expect(percentsSent(302, ends)).toEqual([100, 100]);
  });
});
