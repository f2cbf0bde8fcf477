import { describe, expect, it } from 'vitest';
import { MINIMUM_NODE_MAJOR, unsupportedNodeReason } from './supported-runtime';

describe('supported Node runtime', () => {
  it('this test run itself is on Node 24 or newer', () => {
    expect(Number(process.versions.node.split('.')[0])).toBeGreaterThanOrEqual(MINIMUM_NODE_MAJOR);
    expect(unsupportedNodeReason(process.version)).toBeUndefined();
  });

  it('is the major that package.json engines.node names', () => {
    expect(MINIMUM_NODE_MAJOR).toBe(24);
  });

  it('refuses Node 20 and 22 with a message that says how to run it', () => {
    for (const version of ['v20.20.2', '22.12.0']) {
      const reason = unsupportedNodeReason(version);
      expect(reason).toContain(
        `Node ${MINIMUM_NODE_MAJOR} or newer is required, this is ${version}`,
      );
      expect(reason).toContain('npm start');
    }
  });

  it('accepts 24 and later majors, and refuses what is not a version', () => {
    expect(unsupportedNodeReason('v24.0.0')).toBeUndefined();
    expect(unsupportedNodeReason('26.1.0')).toBeUndefined();
    expect(unsupportedNodeReason('garbage')).toContain('is required');
  });
});
