import { afterEach, describe, expect, it } from 'vitest';
import { manyObjectsPdf, pageTreeBomb } from '@contracts/documents/testing/hostile-documents';
import { sampleJpeg, samplePdf, samplePng } from '@contracts/documents/testing/sample-documents';
import {
  createInspectionPool,
  type InspectionPool,
  type InspectionPoolOptions,
} from './inspection-pool';

const TOO_COMPLEX = { contentType: undefined, refusal: 'tooComplex' };

describe('the inspection pool (decision 049)', () => {
  let pool: InspectionPool | undefined;
  const open = (options: Partial<InspectionPoolOptions> = {}) => {
    pool = createInspectionPool({
      workers: 2,
      heapMb: 128,
      fileDeadlineMs: 10_000,
      requestDeadlineMs: 20_000,
      ...options,
    });
    return pool;
  };
  afterEach(async () => {
    await pool?.close();
    pool = undefined;
  });

  const rendition = (contentType: string) => ({ contentType, bytes: expect.any(Uint8Array) });

  it('replaces a worker that holds more than recycleMb once a file is done, at once (issue 45)', async () => {
    // A worker holds MuPDF's WebAssembly memory, which grows to the largest page it drew and
    // never shrinks: 72 MiB after a small PDF, 147-163 after a 4 MB scan (measured).
    const recycling = open({ workers: 1, recycleMb: 32 });
    const [pdf] = await recycling.inspect([samplePdf('a')]);
    expect(pdf?.contentType).toBe('application/pdf');
    expect(recycling.stats()).toMatchObject({ workers: 1, busy: 0, recycled: 1 });
    const [png] = await recycling.inspect([samplePng(8, 8)]);
    expect(png?.contentType).toBe('image/png');
    expect(recycling.stats()).toMatchObject({ workers: 1, recycled: 2 });
    await recycling.close();
    const keeping = open({ workers: 1 });
    await keeping.inspect([samplePdf('a'), samplePng(8, 8)]);
    expect(keeping.stats()).toMatchObject({ workers: 1, recycled: 0 });
  }, 60_000);

  it('judges files on worker threads, one verdict per file in order, leaving the bytes whole', async () => {
    const files = [
      samplePdf('a'),
      samplePng(8, 8),
      sampleJpeg(),
      new Uint8Array([1, 2, 3, 4, 5, 6]),
    ];
    const lengths = files.map((file) => file.byteLength);
    // Each accepted file comes back with its rendition, drawn on the worker (decision 126).
    expect(await open().inspect(files)).toEqual([
      { contentType: 'application/pdf', rendition: rendition('application/pdf') },
      { contentType: 'image/png', rendition: rendition('image/png') },
      { contentType: 'image/jpeg', rendition: rendition('image/jpeg') },
      { contentType: undefined },
    ]);
    expect(files.map((file) => file.byteLength)).toEqual(lengths);
    expect(pool?.stats()).toMatchObject({ busy: 0, queued: 0 });
  }, 30_000);

  it('refuses a file that needs more heap than the cap, and goes on with a new worker', async () => {
    const inspector = open({ workers: 1, heapMb: 32 });
    expect(await inspector.inspect([manyObjectsPdf(60_000)])).toEqual([TOO_COMPLEX]);
    expect(await inspector.inspect([samplePdf('after')])).toEqual([
      { contentType: 'application/pdf', rendition: rendition('application/pdf') },
    ]);
  }, 30_000);

  it('refuses a file past its deadline, and the event loop never waits for it', async () => {
    const inspector = open({ workers: 1, heapMb: 256, fileDeadlineMs: 200 });
    const slow = manyObjectsPdf(60_000);
    let longestTick = 0;
    let last = performance.now();
    const ticker = setInterval(() => {
      const now = performance.now();
      longestTick = Math.max(longestTick, now - last);
      last = now;
    }, 5);
    const started = performance.now();
    const verdicts = await inspector.inspect([slow]);
    clearInterval(ticker);
    expect(verdicts).toEqual([TOO_COMPLEX]);
    expect(performance.now() - started).toBeLessThan(2_000);
    // Judged on this thread the file would hold it for about 1.5 s; a shared machine's
    // scheduling alone can delay a 5 ms tick by 100 ms or so.
    expect(longestTick).toBeLessThan(500);
  }, 30_000);

  it("bounds a call's files in all: those not judged by its deadline are refused", async () => {
    const inspector = open({
      workers: 1,
      heapMb: 256,
      fileDeadlineMs: 10_000,
      requestDeadlineMs: 1_500,
    });
    const slow = manyObjectsPdf(30_000);
    const started = performance.now();
    const verdicts = await inspector.inspect([slow, slow, slow, slow]);
    expect(performance.now() - started).toBeLessThan(3_000);
    // The last file never reached the worker: the portal was busy, not the file at fault.
    expect(verdicts.at(-1)).toEqual({ contentType: undefined, refusal: 'notCheckedInTime' });
  }, 30_000);

  it('refuses page-tree bombs quickly on every worker at once', async () => {
    const bombs = [20, 22, 24, 28].map(pageTreeBomb);
    expect(await open().inspect(bombs)).toEqual(bombs.map(() => TOO_COMPLEX));
  }, 30_000);
});
