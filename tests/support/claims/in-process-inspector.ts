import type { DocumentInspector } from '@contracts/documents/document-inspector';
import { judgeAndRender } from '@infra/documents/rendition/judge-and-render';

/** The policy and the rendition on the calling thread, for handler tests; the portal runs them in the worker pool. */
export const inProcessInspector: DocumentInspector = {
  inspect: (files) => Promise.all(files.map(judgeAndRender)),
};
