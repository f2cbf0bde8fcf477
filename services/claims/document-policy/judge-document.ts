import { detectDocumentType } from '@contracts/documents/detect-document-type';
import type { DocumentVerdict } from '@contracts/documents/document-inspector';
import { judgeJpeg, judgePng } from './image-policy';
import { judgePdf } from './pdf-policy';

/**
 * What a file is by its bytes (decisions 040 and 049): the type its first bytes claim, kept
 * only when it parses as that type and passes that type's policy; otherwise no type, with
 * the reason when the policy refused it. Costly on hostile input: run it inside the
 * inspection pool, not on the event loop.
 */
export async function judgeDocument(bytes: Uint8Array): Promise<DocumentVerdict> {
  const claimed = detectDocumentType(bytes);
  switch (claimed) {
    case undefined:
      return { contentType: undefined };
    case 'application/pdf':
      return judgePdf(bytes);
    case 'image/png':
      return judgePng(bytes);
    case 'image/jpeg':
      return judgeJpeg(bytes);
    default: {
      const unreachable: never = claimed;
      return unreachable;
    }
  }
}
