import { checkedApiUrl } from '../../api-client';

/** A file ready to send: its name and its bytes as a data URL (the API's file shape). */
export interface FileToSend {
  readonly name: string;
  readonly data: string;
}

export interface BatchBody {
  readonly body: string;
  /** Where each file's part of the body ends, in bytes, in order. */
  readonly ends: readonly number[];
}

const encoder = new TextEncoder();

/** A JSON body with `fields` and the files as `attachments`, and each file's span in it. */
export function batchBody(
  files: readonly FileToSend[],
  fields: Readonly<Record<string, string>> = {},
): BatchBody {
  const named = Object.entries(fields).map(
    ([name, value]) => `${JSON.stringify(name)}:${JSON.stringify(value)},`,
  );
  const head = `{${named.join('')}"attachments":[`;
  let offset = encoder.encode(head).length;
  const parts: string[] = [];
  const ends: number[] = [];
  files.forEach((file, index) => {
    const part = (index > 0 ? ',' : '') + JSON.stringify({ name: file.name, data: file.data });
    offset += encoder.encode(part).length;
    parts.push(part);
    ends.push(offset);
  });
  return { body: `${head}${parts.join('')}]}`, ends };
}

/** How much of each file has gone, 0 to 100, once `loaded` bytes of the body were sent. */
export function percentsSent(loaded: number, ends: readonly number[]): number[] {
  return ends.map((end, index) => {
    const start = index === 0 ? 0 : (ends[index - 1] ?? 0);
    if (loaded >= end) return 100;
    if (loaded <= start) return 0;
    return Math.floor(((loaded - start) / (end - start)) * 100);
  });
}

export interface UploadAnswer {
  readonly status: number;
  readonly body: unknown;
}

/** Sends the batch with XMLHttpRequest, the one browser API that reports upload progress. */
export function uploadBatch(
  url: string,
  files: readonly FileToSend[],
  headers: Readonly<Record<string, string>>,
  onPercents: (percents: number[]) => void,
  fields: Readonly<Record<string, string>> = {},
): Promise<UploadAnswer> {
  const { body, ends } = batchBody(files, fields);
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', checkedApiUrl(url, 'POST', window.location.origin));
    request.setRequestHeader('content-type', 'application/json');
    for (const [name, value] of Object.entries(headers)) request.setRequestHeader(name, value);
    request.upload.onprogress = (event) => onPercents(percentsSent(event.loaded, ends));
    request.onload = () => {
      let answer: unknown;
      try {
        answer = JSON.parse(request.responseText);
      } catch {
        answer = undefined;
      }
      resolve({ status: request.status, body: answer });
    };
    request.onerror = () => reject(new Error('network error'));
    request.send(body);
  });
}
