// The one HTTP client of the web app. Every request rule of spec §7–9 and DESIGN §10 lives here:
// base URL, headers, idempotency keys, `_r`, cancel of identical in-flight calls, GET and 304 retry,
// timeout, the envelope (spec §8: code 0 resolves with the whole body, any other code rejects with
// it), 401 handling and failure toasts. Calls name a route of the table: `api(routes.account.me)`.
import type { Answer, Route, RouteInput } from '@tradeflip/api';
import { pathWith } from '@tradeflip/api/route';
import type { MessageKey } from '@tradeflip/i18n';
import { getLanguage } from '../language';
import { getToken } from '../session';
import { endSession, resetSessionEnd } from '../session-end';
import { showToast } from '../toast';
import { ApiError, CancelError, isEnvelope } from './errors';
import { fetchTransport, type Transport, type TransportResponse } from './transport';
import { translateMessage } from '@/lib/i18n';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RequestOptions {
  params?: Record<string, unknown>;
  headers?: Record<string, string>;
  /** No toast on failure. */
  silent?: boolean;
  /** A 401 is just rejected: no sign-out, no redirect, no toast. */
  skipAuthRedirect?: boolean;
  /** Mutations send an Idempotency-Key unless this is false. */
  idempotent?: boolean;
  /** Reuse a key across calls that are one logical operation (e.g. a user's manual retry). */
  idempotencyKey?: string;
  /** Milliseconds; default 15 s, at most 60 s (MAX_TIMEOUT_MS). */
  timeout?: number;
  signal?: AbortSignal;
}

export const DEFAULT_TIMEOUT_MS = 15_000;
/** The app-level configured network timeout (spec §9): no call waits longer, whatever it asks. */
export const MAX_TIMEOUT_MS = 60_000;
const RETRY_MIN_MS = 400;
const RETRY_MAX_MS = 800;
/** A superseding mutation that reuses a key waits for the first one's stored answer this many times. */
const IN_FLIGHT_REPLAY_TRIES = 5;

// How an attempt reaches the server: fetch, or a test's fake.
let transport: Transport = fetchTransport;

/** For tests: answer requests with `fake` instead of the network; `null` restores fetch. */
export function setTransport(fake: Transport | null): void {
  transport = fake ?? fetchTransport;
}

let apiBase: string = import.meta.env.VITE_API_BASE || '/api';

export function setApiBase(base: string): void {
  apiBase = base;
}
export function getApiBase(): string {
  return apiBase;
}

/** Joins the base and a path; a path's leading /api is dropped when the base already ends with /api. */
export function resolveUrl(path: string): string {
  if (/^https?:\/\//i.test(path)) return path;
  const base = apiBase.replace(/\/+$/, '');
  let rel = path.startsWith('/') ? path : `/${path}`;
  if (/\/api$/i.test(base) && /^\/api(\/|$|\?)/i.test(rel)) rel = rel.slice(4) || '/';
  return `${base}${rel}`;
}

/** RFC 4122 v4; crypto.randomUUID exists only in secure contexts, so fall back to getRandomValues. */
export function uuid(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const h = [...b].map((x) => x.toString(16).padStart(2, '0')).join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

type StopReason = 'duplicate' | 'caller' | 'timeout';

interface InFlight {
  stop: (reason: StopReason) => void;
  idempotencyKey?: string;
}

const inFlight = new Map<string, InFlight>();

/** For tests: forget in-flight calls and the redirect guard. */
export function resetHttpState(): void {
  inFlight.clear();
  resetSessionEnd();
}

const isMutation = (method: Method) => method !== 'GET';

async function request(
  method: Method,
  url: string,
  body: unknown,
  opts: RequestOptions = {},
): Promise<unknown> {
  const fullUrl = resolveUrl(url);
  const signature = `${method} ${fullUrl} ${stableKey(opts.params)} ${stableKey(body)}`;

  // An identical call still running is superseded: it rejects silently and this one goes out. A
  // mutation keeps the earlier call's idempotency key, since the server may already be running it.
  const earlier = inFlight.get(signature);
  earlier?.stop('duplicate');

  let idempotencyKey: string | undefined;
  let inheritedKey = false;
  if (isMutation(method) && opts.idempotent !== false) {
    if (opts.idempotencyKey) idempotencyKey = opts.idempotencyKey;
    else if (earlier?.idempotencyKey) {
      idempotencyKey = earlier.idempotencyKey;
      inheritedKey = true;
    } else idempotencyKey = uuid();
  }

  const call = new Call(opts.signal);
  const entry: InFlight = { stop: (reason) => call.stop(reason) };
  if (idempotencyKey) entry.idempotencyKey = idempotencyKey;
  inFlight.set(signature, entry);

  const tokenSent = getToken();
  try {
    let networkRetried = false;
    let notModifiedRetried = false;
    let replayTries = 0;
    for (;;) {
      const outcome = await call.attempt(method, fullUrl, body, opts, {
        token: getToken(),
        idempotencyKey,
        noCache: notModifiedRetried,
      });
      if (outcome.kind === 'cancelled') throw new CancelError();
      if (method === 'GET' && (outcome.kind === 'network' || outcome.kind === 'timeout') && !networkRetried) {
        networkRetried = true;
        await call.sleep(retryDelay());
        continue;
      }
      if (
        method === 'GET' &&
        outcome.kind === 'response' &&
        outcome.response.status === 304 &&
        !notModifiedRetried
      ) {
        notModifiedRetried = true;
        continue;
      }
      if (
        inheritedKey &&
        outcome.kind === 'response' &&
        reasonOf(outcome.response.data) === 'idempotency_in_flight' &&
        replayTries < IN_FLIGHT_REPLAY_TRIES
      ) {
        replayTries++;
        await call.sleep(retryDelay());
        continue;
      }
      if (outcome.kind === 'response') {
        const { status, data } = outcome.response;
        if (status >= 200 && status < 300 && (!isEnvelope(data) || data.code === 0)) return data;
        throw responseError(status, data);
      }
      throw transportError(outcome.kind, outcome.error);
    }
  } catch (err) {
    throw handleFailure(err, opts, tokenSent);
  } finally {
    if (inFlight.get(signature) === entry) inFlight.delete(signature);
    call.dispose();
  }
}

type Outcome =
  | { kind: 'response'; response: TransportResponse }
  | { kind: 'network' | 'timeout' | 'cancelled'; error: unknown };

/** One logical call: its attempts, their timeouts and whatever may stop it. */
class Call {
  private stopped: StopReason | null = null;
  private current: { controller: AbortController; timer?: ReturnType<typeof setTimeout> } | null = null;
  private wake: (() => void) | null = null;
  private readonly onCallerAbort = () => this.stop('caller');

  constructor(private readonly signal?: AbortSignal) {
    if (signal?.aborted) this.stopped = 'caller';
    signal?.addEventListener('abort', this.onCallerAbort);
  }

  stop(reason: StopReason) {
    if (this.stopped) return;
    this.stopped = reason;
    this.current?.controller.abort();
    this.wake?.();
  }

  dispose() {
    this.signal?.removeEventListener('abort', this.onCallerAbort);
    if (this.current?.timer) clearTimeout(this.current.timer);
  }

  /** Waits, but wakes early when the call is stopped. */
  sleep(ms: number): Promise<void> {
    return new Promise((resolve, reject) => {
      if (this.stopped) return reject(new CancelError());
      const timer = setTimeout(() => {
        this.wake = null;
        resolve();
      }, ms);
      this.wake = () => {
        clearTimeout(timer);
        this.wake = null;
        reject(new CancelError());
      };
    });
  }

  async attempt(
    method: Method,
    url: string,
    body: unknown,
    opts: RequestOptions,
    state: { token: string | null; idempotencyKey: string | undefined; noCache: boolean },
  ): Promise<Outcome> {
    if (this.stopped) return { kind: 'cancelled', error: new CancelError() };
    const lang = getLanguage();
    const headers: Record<string, string> = {
      Accept: 'application/json',
      'Accept-Language': lang,
      'X-Lang': lang,
      'X-Request-Id': uuid(),
      'X-Requested-With': 'XMLHttpRequest',
      ...opts.headers,
    };
    if (state.token) headers.Authorization = `Bearer ${state.token}`;
    if (state.idempotencyKey) headers['Idempotency-Key'] = state.idempotencyKey;
    if (state.noCache) {
      headers['Cache-Control'] = 'no-cache';
      headers.Pragma = 'no-cache';
    }
    const params = method === 'GET' ? { ...opts.params, _r: Date.now() } : { ...opts.params };

    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(
      () => {
        timedOut = true;
        controller.abort();
      },
      Math.min(opts.timeout ?? DEFAULT_TIMEOUT_MS, MAX_TIMEOUT_MS),
    );
    this.current = { controller, timer };
    try {
      // Every status comes back as a response; the call decides what it means.
      const response = await transport({ method, url, params, body, headers, signal: controller.signal });
      if (this.stopped) return { kind: 'cancelled', error: new CancelError() };
      return { kind: 'response', response };
    } catch (error) {
      if (this.stopped) return { kind: 'cancelled', error };
      if (timedOut) return { kind: 'timeout', error };
      // No answer: a network failure, or an abort we did not ask for (browser, proxy).
      return { kind: 'network', error };
    } finally {
      clearTimeout(timer);
      this.current = null;
    }
  }
}

/** A random 400–800 ms. */
function retryDelay(): number {
  return Math.round(RETRY_MIN_MS + Math.random() * (RETRY_MAX_MS - RETRY_MIN_MS));
}

function reasonOf(data: unknown): string | undefined {
  return isEnvelope(data) && typeof data.reason === 'string' ? data.reason : undefined;
}

function t(key: MessageKey): string {
  return translateMessage(key);
}

function responseError(status: number, data: unknown): ApiError {
  const envelope = isEnvelope(data) ? data : undefined;
  const msg = envelope?.msg?.trim();
  const failing = status >= 200 && status < 300 ? 0 : status;
  let message: string;
  if (msg) message = msg;
  else if (failing >= 500 || (envelope && envelope.code >= 500)) message = t('errors.serverBusy');
  else if (failing === 429 || envelope?.code === 429) message = t('errors.tooManyRequests');
  else message = t('errors.requestFailed');
  return new ApiError(message, {
    kind: envelope ? 'envelope' : 'http',
    code: envelope ? envelope.code : status,
    status,
    reason: envelope?.reason,
    body: data,
  });
}

function transportError(kind: 'network' | 'timeout', cause: unknown): ApiError {
  const err = new ApiError(t('errors.network'), { kind, code: -1 });
  (err as { cause?: unknown }).cause = cause;
  return err;
}

/** Applies the 401 rules and the failure toast; returns what the call rejects with. */
function handleFailure(err: unknown, opts: RequestOptions, tokenSent: string | null): unknown {
  if (err instanceof CancelError) return err;
  const apiError =
    err instanceof ApiError
      ? err
      : new ApiError(err instanceof Error && err.message ? err.message : t('errors.requestFailed'), {
          kind: 'http',
          code: -1,
        });

  if (apiError.status === 401 || apiError.code === 401) {
    // Only the session that made the call is ended, once, however many calls fail together.
    if (opts.skipAuthRedirect || !tokenSent || getToken() !== tokenSent) return apiError;
    endSession(apiError.reason === 'user_frozen' ? 'frozen' : 'expired');
    return apiError;
  }

  if (!opts.silent) showToast(apiError.message);
  return apiError;
}

// Identity of a body for "identical in-flight request": JSON with sorted keys; opaque bodies are unique.
const opaqueIds = new WeakMap<object, number>();
let nextOpaqueId = 0;
export function stableKey(value: unknown): string {
  if (value === undefined) return '';
  if (typeof value === 'object' && value !== null) {
    const proto = Object.getPrototypeOf(value) as unknown;
    if (proto !== Object.prototype && proto !== null && !Array.isArray(value)) {
      let id = opaqueIds.get(value);
      if (id === undefined) opaqueIds.set(value, (id = ++nextOpaqueId));
      return `#opaque${id}`;
    }
  }
  return JSON.stringify(value, (_k, v: unknown) =>
    typeof v === 'object' && v !== null && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : v,
  );
}

/** The untyped call under `api` (and the client's own tests): any method and URL, the body as answered. */
export const http = {
  get: (url: string, opts?: RequestOptions) => request('GET', url, undefined, opts),
  post: (url: string, body?: unknown, opts?: RequestOptions) => request('POST', url, body, opts),
  put: (url: string, body?: unknown, opts?: RequestOptions) => request('PUT', url, body, opts),
  patch: (url: string, body?: unknown, opts?: RequestOptions) => request('PATCH', url, body, opts),
  delete: (url: string, opts?: RequestOptions & { body?: unknown }) =>
    request('DELETE', url, opts?.body, opts),
};

/** A call of a route: what the route takes (body, query, path params) and how to call (silent, …). */
export type CallOf<R extends Route> = RouteInput<R> & Omit<RequestOptions, 'params'>;
type CallArgs<R extends Route> = object extends RouteInput<R> ? [call?: CallOf<R>] : [call: CallOf<R>];

/**
 * Calls a route of the table (@tradeflip/api/routes) and resolves with its whole success body
 * (`{ code: 0, data }`: callers select `data`); any other code rejects with an ApiError carrying the body.
 */
export function api<R extends Route>(route: R, ...[call]: CallArgs<R>): Promise<Answer<R>> {
  const { body, query, params, ...opts } = (call ?? {}) as CallOf<Route> & {
    body?: unknown;
    query?: Record<string, unknown>;
    params?: Record<string, string | number>;
  };
  const url = pathWith(route.path, params);
  const options: RequestOptions = { ...opts, ...(query && { params: query }) };
  // Through `http`, which the page tests stub.
  let answer: Promise<unknown>;
  if (route.method === 'GET') answer = http.get(url, options);
  else if (route.method === 'DELETE') answer = http.delete(url, { ...options, body });
  else
    answer = http[route.method === 'POST' ? 'post' : route.method === 'PUT' ? 'put' : 'patch'](
      url,
      body,
      options,
    );
  return answer as Promise<Answer<R>>;
}

/** The route that answers like `R` (spec §7's fallbacks). */
type AnswersLike<R> = R extends Route<Method, string, infer W> ? Route<Method, string, W> : never;

/**
 * Calls `primary`, and `fallback` when it fails (spec §7 fallbacks: precision map on any failure,
 * withdraw config on a 404). The first attempt is silent so only the final failure is toasted.
 */
export async function getWithFallback<R extends Route>(
  primary: R,
  fallback: AnswersLike<R>,
  call: CallOf<R>,
  when: (err: ApiError) => boolean = () => true,
): Promise<Answer<R>> {
  const args = [call] as unknown as CallArgs<R>;
  try {
    return await api(primary, ...([{ ...call, silent: true }] as unknown as CallArgs<R>));
  } catch (err) {
    if (!(err instanceof ApiError)) throw err;
    const signedOut = err.status === 401 || err.code === 401;
    if (signedOut || !when(err)) {
      if (!signedOut && !call.silent) showToast(err.message);
      throw err;
    }
    return api(fallback as unknown as R, ...args);
  }
}
