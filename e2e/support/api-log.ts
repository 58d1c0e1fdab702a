import type { BrowserContext, Request } from '@playwright/test';

export interface ApiCall {
  method: string;
  url: URL;
  /** Every header the browser sent (lower-cased names), as `request.allHeaders()` reports them. */
  headers: Record<string, string>;
}

export interface ApiLog {
  /** Every /api request recorded so far, once the browser has reported all of their headers. */
  settled(): Promise<ApiCall[]>;
}

/** Records every request the app's pages send to /api, as seen on the network. */
export function recordApiCalls(context: BrowserContext): ApiLog {
  const pending: Promise<ApiCall | null>[] = [];
  context.on('request', (request: Request) => {
    const url = new URL(request.url());
    if (!url.pathname.startsWith('/api/')) return;
    const call = (headers: Record<string, string>): ApiCall => ({ method: request.method(), url, headers });
    // allHeaders() waits for the browser's report of what went on the wire; a call still unanswered
    // when the test ends falls back to the headers the page set (all of the app's own).
    const provisional = new Promise<ApiCall>((resolve) => {
      setTimeout(() => resolve(call(request.headers())), 5_000).unref();
    });
    pending.push(
      Promise.race([request.allHeaders().then(call), provisional]).catch(
        // The page (or context) closed before the browser reported the headers: nothing to check.
        () => null,
      ),
    );
  });
  return {
    settled: async () => (await Promise.all(pending)).filter((call): call is ApiCall => call !== null),
  };
}

/** Routes the server guards with a session (`auth: 'required'`) and routes a signed-out visitor uses. */
const SESSION_REQUIRED = ['GET /api/app/user/me', 'POST /api/app/user/password'];
const SIGNED_OUT_ONLY = [
  'POST /api/app/auth/code',
  'POST /api/app/auth/register',
  'POST /api/app/auth/login',
  'POST /api/app/auth/forgot',
];

/**
 * The request rules of spec §7 that every call must follow, as problems (empty when all hold):
 * Accept-Language and X-Lang, a unique X-Request-Id, X-Requested-With: XMLHttpRequest, `_r` on GETs,
 * an Idempotency-Key on mutations, a bearer token on calls that need the session and none on the
 * sign-in calls (made signed out).
 */
export function headerProblems(calls: ApiCall[]): string[] {
  const problems: string[] = [];
  const requestIds = new Map<string, string>();
  for (const call of calls) {
    const name = `${call.method} ${call.url.pathname}`;
    const h = call.headers;
    const report = (what: string) => problems.push(`${name}: ${what}`);
    const lang = h['accept-language'];
    if (lang !== 'zh-CN' && lang !== 'en-US') report(`Accept-Language is ${String(lang)}`);
    if (h['x-lang'] !== lang) report(`X-Lang ${String(h['x-lang'])} differs from Accept-Language ${lang}`);
    if (h['x-requested-with'] !== 'XMLHttpRequest') report(`X-Requested-With is ${h['x-requested-with']}`);
    const requestId = h['x-request-id'];
    if (!requestId) report('no X-Request-Id');
    else if (requestIds.has(requestId))
      report(`X-Request-Id ${requestId} reused from ${requestIds.get(requestId)}`);
    else requestIds.set(requestId, name);
    if (call.method === 'GET' && !/^\d+$/.test(call.url.searchParams.get('_r') ?? ''))
      report('no _r timestamp');
    if (call.method !== 'GET' && !h['idempotency-key']) report('no Idempotency-Key');
    const bearer = /^Bearer \S+$/.test(h.authorization ?? '');
    if (SESSION_REQUIRED.includes(name) && !bearer) report(`Authorization is ${String(h.authorization)}`);
    if (SIGNED_OUT_ONLY.includes(name) && h.authorization !== undefined) report('sent a token signed out');
  }
  return problems;
}
