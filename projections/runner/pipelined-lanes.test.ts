import { describe, expect, it } from 'vitest';
import { pipelinedLanes } from './pipelined-lanes';

/** A part whose write starts when its lane gets to it and ends when the test says so. */
function part(name: string) {
  let finish!: (error?: Error) => void;
  let start!: () => void;
  const done = new Promise<void>((resolve, reject) => {
    finish = (error) => (error ? reject(error) : resolve());
  });
  const started = new Promise<void>((resolve) => {
    start = resolve;
  });
  return { name, finish, start, started, done };
}
type Part = ReturnType<typeof part>;

function recordingLanes() {
  const log: string[] = [];
  const lanes = pipelinedLanes<Part>(2, async (p) => {
    log.push(`start ${p.name}`);
    p.start();
    await p.done;
    log.push(`end ${p.name}`);
  });
  const written = (batch: number) => () => void log.push(`batch ${batch} written`);
  return { log, lanes, written };
}

const settledSoon = () => new Promise((resolve) => setTimeout(resolve, 10));

function tracked<T>(promise: Promise<T>) {
  const state = { done: false };
  promise.then(
    () => {
      state.done = true;
    },
    () => {
      state.done = true;
    },
  );
  return state;
}

describe('pipelined lanes', () => {
  it('starts a lane on its next batch once its own part is done, while the other lane still writes', async () => {
    const { log, lanes, written } = recordingLanes();
    const [a1, b1, a2, b2] = ['a1', 'b1', 'a2', 'b2'].map(part) as [Part, Part, Part, Part];
    await lanes.write([a1, b1], written(1));
    const second = lanes.write([a2, b2], written(2));
    const secondQueued = tracked(second);

    a1.finish();
    await a2.started;
    await settledSoon();
    expect(log).toEqual(['start a1', 'start b1', 'end a1', 'start a2']);
    // At most one batch waits behind the one being written: not before batch 1 is.
    expect(secondQueued.done).toBe(false);

    b1.finish();
    await second;
    expect(log).toContain('batch 1 written');
    await b2.started;
    b2.finish();
    a2.finish();
    await lanes.drained();
    expect(log.indexOf('batch 1 written')).toBeGreaterThan(log.indexOf('end b1'));
    expect(log.at(-1)).toBe('batch 2 written');
    expect(log.indexOf('batch 2 written')).toBeGreaterThan(log.indexOf('batch 1 written'));
  });

  it('after a failure writes nothing more in that lane, refuses the next batch and drains with the error', async () => {
    const { log, lanes, written } = recordingLanes();
    const [a1, b1, a2, b2] = ['a1', 'b1', 'a2', 'b2'].map(part) as [Part, Part, Part, Part];
    await lanes.write([a1, b1], written(1));
    const second = lanes.write([a2, b2], written(2));
    second.catch(() => {});

    a1.finish(new Error('the disk is full'));
    b1.finish();
    await expect(second).rejects.toThrow('the disk is full');
    await b2.started;
    b2.finish();
    await lanes.settled();
    await expect(lanes.drained()).rejects.toThrow('the disk is full');
    expect(log).not.toContain('start a2');
    expect(log.filter((line) => line.includes('written'))).toEqual([]);
  });

  it('refuses more parts than lanes', async () => {
    const { lanes, written } = recordingLanes();
    await expect(lanes.write(['a', 'b', 'c'].map(part), written(1))).rejects.toThrow(
      '3 parts for 2 lanes',
    );
  });
});
