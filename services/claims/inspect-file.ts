import { createHash } from 'node:crypto';
import { type InspectedFile, withoutInvisibles } from '@contracts/claims/documents';
import type { DocumentInspector } from '@contracts/documents/document-inspector';
import type { UploadedFile } from '@contracts/documents/document-storage';

/** Longest file name kept for display; storage keys never use the name (they are hashes). */
const MAX_FILE_NAME_LENGTH = 255;

/**
 * The name as the claimant typed it, in one Unicode form (NFC), zero-width characters and
 * direction marks removed, trimmed and capped. Direction controls stay, for the rules to refuse.
 */
function displayFileName(name: string): string {
  return [...withoutInvisibles(name).trim()].slice(0, MAX_FILE_NAME_LENGTH).join('');
}

const sha256Of = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** A file as inspected, with its rendition's bytes to store beside the original. */
export interface InspectedUpload extends InspectedFile {
  readonly renditionBytes?: Uint8Array;
}

/**
 * What each file is by its bytes, whatever its name or the sender's declared type say: the
 * inspector (a worker pool with caps, decision 049) judges the bytes and draws the rendition
 * (decision 126); name, size and hashes are cheap and taken here. An accepted file that came
 * back without a rendition is refused: nothing is kept that cannot be shown safely.
 */
export async function inspectFiles(
  inspector: DocumentInspector,
  files: readonly UploadedFile[],
): Promise<InspectedUpload[]> {
  const verdicts = await inspector.inspect(files.map((file) => file.bytes));
  return files.map((file, index) => {
    const verdict = verdicts[index] ?? { contentType: undefined };
    const common = {
      fileName: displayFileName(file.fileName),
      size: file.bytes.byteLength,
      sha256: sha256Of(file.bytes),
    };
    if (verdict.contentType === undefined) {
      return {
        ...common,
        contentType: undefined,
        ...(verdict.refusal ? { refusal: verdict.refusal } : {}),
      };
    }
    const rendition = verdict.rendition;
    if (!rendition) return { ...common, contentType: undefined, refusal: 'renditionFailed' };
    return {
      ...common,
      contentType: verdict.contentType,
      rendition: {
        sha256: sha256Of(rendition.bytes),
        size: rendition.bytes.byteLength,
        contentType: rendition.contentType,
      },
      renditionBytes: rendition.bytes,
    };
  });
}

/** The objects an upload stores: each original, and beside it its rendition. */
export function withRenditions<
  T extends {
    readonly key: string;
    readonly rendition?: { readonly key: string; readonly contentType: string };
  },
>(
  refs: readonly T[],
  uploads: readonly {
    readonly bytes: Uint8Array;
    readonly renditionBytes?: Uint8Array | undefined;
  }[],
  contentTypeOf: (ref: T) => string,
): { key: string; bytes: Uint8Array; contentType: string }[] {
  return refs.flatMap((ref, index) => {
    const upload = uploads[index];
    if (!upload) return [];
    const original = { key: ref.key, bytes: upload.bytes, contentType: contentTypeOf(ref) };
    if (!ref.rendition || !upload.renditionBytes) return [original];
    return [
      original,
      {
        key: ref.rendition.key,
        bytes: upload.renditionBytes,
        contentType: ref.rendition.contentType,
      },
    ];
  });
}
