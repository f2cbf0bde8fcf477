/**
 * The ETag of a claim at a version (decision 048): the version, quoted. Written by the API
 * (reads, and the 409 of a stale save) and read back both by the API (If-Match) and by the
 * staff screen (to name the version it overwrites), so the format lives once, here.
 */
export const claimEtag = (version: number): string => `"${version}"`;

/**
 * One quoted version, strong or weak (a proxy may weaken it); at most 15 digits, so exact.
 * The OpenAPI document's If-Match pattern, so the document and the check cannot disagree.
 */
export const CLAIM_ETAG_PATTERN = '^(?:W/)?"([0-9]{1,15})"$';
const CLAIM_ETAG = new RegExp(CLAIM_ETAG_PATTERN);

/** The version an ETag (or If-Match) names, or undefined when it is not one claim ETag. */
export function claimVersionOfEtag(etag: string): number | undefined {
  const match = CLAIM_ETAG.exec(etag);
  return match ? Number(match[1]) : undefined;
}
