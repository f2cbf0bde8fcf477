import { describe, expect, it } from 'vitest';
import { samplePdf } from '@contracts/documents/testing/sample-documents';
import { inspectFiles } from './inspect-file';
import { inProcessInspector } from '@tests/support/claims/in-process-inspector';

describe('inspecting an upload', () => {
  it('keeps the first 255 characters of a longer file name', async () => {
    const [file] = await inspectFiles(inProcessInspector, [
      { fileName: `${'a'.repeat(300)}.pdf`, bytes: new Uint8Array(samplePdf('a long name')) },
    ]);
    expect(file?.fileName).toBe('a'.repeat(255));
  });
});
