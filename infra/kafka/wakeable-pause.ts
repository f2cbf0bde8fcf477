/**
 * A retry pause that `wake()` ends early: a stopping relay or consumer should not wait out
 * its retry delay first.
 */
export function wakeablePause(): { pause(ms: number): Promise<void>; wake(): void } {
  let wake: () => void = () => {};
  return {
    pause: (ms) =>
      new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, ms);
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
      }),
    wake: () => wake(),
  };
}
