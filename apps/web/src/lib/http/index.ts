export {
  api,
  http,
  getWithFallback,
  setApiBase,
  getApiBase,
  resolveUrl,
  uuid as newIdempotencyKey,
  type RequestOptions,
  type CallOf,
} from './client';
export { ApiError, isApiError, isCancel, type ApiErrorKind } from './errors';
// useKeyedMutation lives in './keyed-mutation' (import it from there): it brings TanStack Query's
// mutation code, which `/` must not load with the HTTP client.
