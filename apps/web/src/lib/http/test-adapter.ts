// A fake transport for the client's tests: records each request and lets the test answer it.
import { setTransport } from './client';
import type { TransportRequest, TransportResponse } from './transport';

export interface FakeRequest {
  method: string;
  url: string;
  params: Record<string, unknown>;
  body: unknown;
  header(name: string): string | undefined;
  respond(status: number, data?: unknown): void;
  failNetwork(): void;
  aborted: boolean;
}

export function installFakeAdapter() {
  const requests: FakeRequest[] = [];
  setTransport(
    ({ method, url, params, body, headers, signal }: TransportRequest) =>
      new Promise<TransportResponse>((resolve, reject) => {
        const request: FakeRequest = {
          method,
          url,
          params,
          body,
          header: (name) => {
            const key = Object.keys(headers).find((k) => k.toLowerCase() === name.toLowerCase());
            return key === undefined ? undefined : headers[key];
          },
          respond: (status, data) => resolve({ status, data: data ?? '' }),
          failNetwork: () => reject(new TypeError('Failed to fetch')),
          aborted: false,
        };
        signal.addEventListener('abort', () => {
          request.aborted = true;
          reject(new DOMException('The operation was aborted.', 'AbortError'));
        });
        requests.push(request);
      }),
  );
  return {
    requests,
    last: () => {
      const r = requests.at(-1);
      if (!r) throw new Error('no request was sent');
      return r;
    },
  };
}
