// One attempt of a call over the network, with fetch: the query string, a JSON body, and the answer's
// status and parsed body. Everything else (headers, retries, timeouts, envelopes) is the client's.
import { nextTask } from '../next-task';

export interface TransportRequest {
  method: string;
  /** Resolved URL without the query string. */
  url: string;
  params: Record<string, unknown>;
  body: unknown;
  headers: Record<string, string>;
  signal: AbortSignal;
}

export interface TransportResponse {
  status: number;
  /** JSON when the body is JSON, else its text ('' when empty). */
  data: unknown;
}

/** Resolves with any HTTP status; rejects only when no answer came (network failure or abort). */
export type Transport = (request: TransportRequest) => Promise<TransportResponse>;

/** `{a: 1, b: [2, 3], c: undefined}` → `a=1&b=2&b=3`; nulls and undefineds are left out. */
export function queryString(params: Record<string, unknown>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    for (const item of Array.isArray(value) ? value : [value]) {
      if (item === undefined || item === null) continue;
      search.append(key, item instanceof Date ? item.toISOString() : String(item));
    }
  }
  return search.toString();
}

function encodeBody(body: unknown, headers: Record<string, string>): BodyInit | undefined {
  if (body === undefined) return undefined;
  if (typeof body === 'string' || body instanceof FormData || body instanceof Blob) return body;
  headers['Content-Type'] ??= 'application/json';
  return JSON.stringify(body);
}

export const fetchTransport: Transport = async ({ method, url, params, body, headers, signal }) => {
  // Each request goes out in a task of its own (lib/next-task.ts): a page's effects start several.
  await nextTask();
  signal.throwIfAborted();
  const query = queryString(params);
  const sent = { ...headers };
  const response = await fetch(query ? `${url}${url.includes('?') ? '&' : '?'}${query}` : url, {
    method,
    headers: sent,
    body: encodeBody(body, sent),
    signal,
    credentials: 'same-origin',
  });
  const text = await response.text();
  let data: unknown = text;
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      /* not JSON: keep the text */
    }
  }
  return { status: response.status, data };
};
