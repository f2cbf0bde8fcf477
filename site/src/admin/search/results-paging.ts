/** Where in a result list a results page URL points: a page number for display, a cursor for the rows. */
export interface ResultsPaging {
  readonly page: number;
  readonly after?: string;
  readonly before?: string;
}

const MAX_CURSOR_LENGTH = 500;
const cursor = (value: string | null) =>
  value && value.length <= MAX_CURSOR_LENGTH ? value : undefined;

export function resultsPaging(params: URLSearchParams): ResultsPaging {
  const page = Number(params.get('page'));
  const after = cursor(params.get('after'));
  const before = cursor(params.get('before'));
  return {
    page: Number.isSafeInteger(page) && page > 1 ? page : 1,
    ...(after ? { after } : {}),
    ...(before && !after ? { before } : {}),
  };
}
