export {
  http,
  getWithFallback,
  setApiBase,
  getApiBase,
  resolveUrl,
  uuid as newIdempotencyKey,
  LOGIN_PATH,
  REDIRECT_PARAM,
  type RequestOptions,
} from './client';
export { ApiError, isApiError, isCancel, type ApiErrorKind } from './errors';
export {
  useKeyedMutation,
  wasAnswered,
  createKeyedOperation,
  type KeyedMutationOptions,
} from './keyed-mutation';
