// A fake axios adapter for the client's tests: records each request and lets the test answer it.
import { AxiosError, CanceledError, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';
import { httpClient } from './client';

export interface FakeRequest {
  config: InternalAxiosRequestConfig;
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
  httpClient.defaults.adapter = (config) =>
    new Promise<AxiosResponse>((resolve, reject) => {
      const request: FakeRequest = {
        config,
        method: (config.method ?? 'get').toUpperCase(),
        url: config.url ?? '',
        params: (config.params ?? {}) as Record<string, unknown>,
        body: typeof config.data === 'string' ? JSON.parse(config.data) : config.data,
        header: (name) => {
          const value = config.headers.get(name);
          return value == null ? undefined : String(value);
        },
        respond: (status, data) =>
          resolve({ status, statusText: String(status), data, headers: {}, config, request: {} }),
        failNetwork: () => reject(new AxiosError('Network Error', AxiosError.ERR_NETWORK, config, {})),
        aborted: false,
      };
      config.signal?.addEventListener?.('abort', () => {
        request.aborted = true;
        reject(new CanceledError(undefined, undefined, config));
      });
      requests.push(request);
    });
  return {
    requests,
    last: () => {
      const r = requests.at(-1);
      if (!r) throw new Error('no request was sent');
      return r;
    },
  };
}
