import type { DocumentInspector } from '@contracts/documents/document-inspector';
import { judgeDocument } from '@services/claims/document-policy/judge-document';

/** The policy on the calling thread, for handler tests; the portal runs it in the worker pool. */
export const inProcessInspector: DocumentInspector = {
  inspect: (files) => Promise.all(files.map(judgeDocument)),
};
