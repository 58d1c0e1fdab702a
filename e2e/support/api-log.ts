import type { Page, Request } from '@playwright/test';

export interface ApiCall {
  method: string;
  url: URL;
  headers: Record<string, string>;
}

/** Records every request the app sends to /api, as seen on the network. */
export function recordApiCalls(page: Page): ApiCall[] {
  const calls: ApiCall[] = [];
  page.on('request', (request: Request) => {
    const url = new URL(request.url());
    if (!url.pathname.startsWith('/api/')) return;
    calls.push({ method: request.method(), url, headers: request.headers() });
  });
  return calls;
}
