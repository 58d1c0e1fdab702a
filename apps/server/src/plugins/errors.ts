// The response envelope of DESIGN §3 for every failure: { code, msg, reason, data? }, code = HTTP
// status, msg localised from X-Lang / Accept-Language. Malformed input of any kind is a 4xx here;
// a 5xx never shows internals.
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ErrorReason } from '@tradeflip/api';
import { isMessageKey, toLanguage, translate, type Language, type MessageKey } from '@tradeflip/i18n';
import { stdSerializers } from 'pino';
import { databaseUnreachable, sqlState } from '../db/rows';
import { AppError, type Vars } from '../errors';

export function requestLanguage(request: FastifyRequest): Language {
  const xLang = request.headers['x-lang'];
  const tag = typeof xLang === 'string' && xLang.trim() ? xLang : request.headers['accept-language'];
  return toLanguage(typeof tag === 'string' ? tag : undefined);
}

/** Whether `error`, or one of its causes, came from the database (its text may quote SQL and values). */
function fromDatabase(error: unknown): boolean {
  for (let e = error, depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    if ('query' in e || 'params' in e || sqlState(e) !== undefined) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * The logs' `err` serializer. A database error's message, detail and driver fields can hold the
 * statement and its parameters (emails, addresses, amounts, whatever the request carried): it is
 * logged by its SQLSTATE, constraint and the code's stack frames only.
 */
export function errForLog(error: Error): {
  type: string;
  message: string;
  stack: string;
  [key: string]: unknown;
} {
  if (!fromDatabase(error)) return stdSerializers.err(error);
  let root: unknown = error;
  while (root instanceof Error && root.cause instanceof Error) root = root.cause;
  const fields = root as { constraint?: unknown; table?: unknown; routine?: unknown };
  return {
    type: error.name,
    message: 'database error (statement and parameters not logged)',
    sqlState: sqlState(error),
    // A connection that failed says so in the driver's words (a host and port, no statement).
    ...(databaseUnreachable(error) && root instanceof Error && { connection: root.message }),
    ...(typeof fields.constraint === 'string' && { constraint: fields.constraint }),
    ...(typeof fields.table === 'string' && { table: fields.table }),
    ...(typeof fields.routine === 'string' && { routine: fields.routine }),
    // Frames only: the stack's first lines repeat the message.
    stack: (error.stack ?? '')
      .split('\n')
      .filter((line) => line.startsWith('    at '))
      .join('\n'),
  };
}

/** Text the database refuses (a NUL byte, bytes that are not UTF-8): bad input, not our failure. */
const INVALID_TEXT_STATES = new Set(['22021', '22P05']);
/** numeric_value_out_of_range. */
const NUMERIC_OUT_OF_RANGE = '22003';

function send(
  request: FastifyRequest,
  reply: FastifyReply,
  status: number,
  reason: ErrorReason,
  key: MessageKey,
  extra: { vars?: Vars; data?: Record<string, unknown> } = {},
) {
  const body: Record<string, unknown> = {
    code: status,
    msg: translate(request.lang, key, extra.vars),
    reason,
  };
  if (extra.data) body.data = extra.data;
  return reply.code(status).type('application/json; charset=utf-8').send(body);
}

/** Field messages share the error's placeholders (e.g. 'Up to {n} decimals' beside the amount). */
function localiseFields(lang: Language, fields: Record<string, MessageKey>, vars?: Vars) {
  return Object.fromEntries(
    Object.entries(fields).map(([field, key]) => [field, translate(lang, key, vars)]),
  );
}

/** Field name and i18n key of one schema issue; messages that aren't catalog keys get a generic text. */
function issueText(lang: Language, path: string, message: string): string {
  // A message may name its field ('{field} must be ...').
  if (isMessageKey(message)) return translate(lang, message, { field: path });
  return path
    ? translate(lang, 'validation.invalidField', { field: path })
    : translate(lang, 'validation.invalidRequest');
}

const fastifyClientErrors: Record<string, [number, ErrorReason, MessageKey]> = {
  FST_ERR_CTP_BODY_TOO_LARGE: [413, 'payload_too_large', 'errors.payloadTooLarge'],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [415, 'unsupported_media_type', 'errors.unsupportedMediaType'],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: [400, 'bad_request', 'validation.invalidRequest'],
  FST_ERR_CTP_EMPTY_JSON_BODY: [400, 'bad_request', 'errors.invalidJson'],
  FST_ERR_CTP_INVALID_JSON_BODY: [400, 'bad_request', 'errors.invalidJson'],
};

export function handleError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const lang = request.lang;
  if (error instanceof AppError) {
    for (const [name, value] of Object.entries(error.options.headers ?? {})) reply.header(name, value);
    const data = error.options.fields
      ? { ...error.options.data, fields: localiseFields(lang, error.options.fields, error.options.vars) }
      : error.options.data;
    return send(request, reply, error.statusCode, error.reason, error.msgKey, {
      vars: error.options.vars,
      data,
    });
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const fields: Record<string, string> = {};
    for (const issue of error.validation) {
      const path = issue.instancePath.replace(/^\//, '').replace(/\//g, '.');
      const name = path || error.validationContext || 'request';
      fields[name] ??= issueText(lang, path, issue.message ?? '');
    }
    const first = error.validation[0]!;
    const msg = issueText(
      lang,
      first.instancePath.replace(/^\//, '').replace(/\//g, '.'),
      first.message ?? '',
    );
    return reply
      .code(400)
      .type('application/json; charset=utf-8')
      .send({ code: 400, msg, reason: 'validation', data: { fields } });
  }
  const known = error.code ? fastifyClientErrors[error.code] : undefined;
  if (known) return send(request, reply, known[0], known[1], known[2]);
  if (error instanceof SyntaxError) return send(request, reply, 400, 'bad_request', 'errors.invalidJson');
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    if (status === 404) return send(request, reply, 404, 'not_found', 'errors.notFound');
    if (status === 413) return send(request, reply, 413, 'payload_too_large', 'errors.payloadTooLarge');
    if (status === 415)
      return send(request, reply, 415, 'unsupported_media_type', 'errors.unsupportedMediaType');
    request.log.info({ err: error }, 'client error');
    return send(request, reply, 400, 'bad_request', 'validation.invalidRequest');
  }
  if (INVALID_TEXT_STATES.has(sqlState(error) ?? '')) {
    request.log.info({ err: error }, 'the database refused text of the request');
    return send(request, reply, 400, 'validation', 'validation.invalidRequest');
  }
  if (sqlState(error) === NUMERIC_OUT_OF_RANGE) {
    // A figure beyond a column's range (terms stored before a bound, say): refused, and told to the
    // operator, but no 500 for the caller.
    request.log.warn({ err: error }, 'a number of the request is beyond the database’s range');
    return send(request, reply, 400, 'validation', 'validation.invalidRequest');
  }
  if (databaseUnreachable(error)) {
    // The database is away (a failover, a restart, a cut): nothing was done, and the caller may try
    // again. Logged at error still: every such request is one a player could not make.
    request.log.error({ err: error }, 'request failed: the database could not be reached');
    reply.header('retry-after', '5');
    return send(request, reply, 503, 'unavailable', 'errors.unavailable');
  }
  request.log.error({ err: error }, 'request failed');
  return send(request, reply, status >= 500 && status < 600 ? status : 500, 'internal', 'errors.internal');
}

declare module 'fastify' {
  interface FastifyRequest {
    lang: Language;
    /** The request body as received, for routes with a JSON body (idempotency hashes it). */
    rawBody: string | undefined;
  }
}

/**
 * The deepest nesting of arrays and objects a JSON body may have. No request of ours nests beyond a
 * few levels; every walk of the data after parsing (the control-character check, the schema's
 * validation, a log of it) then stays far from the stack's limit, whatever a caller sends.
 */
export const MAX_JSON_DEPTH = 32;

/** Whether `text` (JSON or not) nests arrays and objects deeper than `max`, strings skipped. */
export function nestsDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c /* \ */) i++;
      else if (c === 0x22 /* " */) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b /* [ */ || c === 0x7b /* { */) {
      if (++depth > max) return true;
    } else if (c === 0x5d /* ] */ || c === 0x7d /* } */) depth--;
  }
  return false;
}

/** Language detection, the JSON body parser and the error handler. Not-found handling lives in app.ts. */
export const errorsPlugin = fp(
  async (app: FastifyInstance) => {
    app.decorateRequest('lang', 'en-US');
    app.decorateRequest('rawBody', undefined);
    app.addHook('onRequest', async (request) => {
      request.lang = requestLanguage(request);
    });

    // Only JSON bodies are accepted; any other content type is a 415 in the envelope.
    const parseJson = app.getDefaultJsonParser('error', 'error');
    app.removeAllContentTypeParsers();
    app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
      const text = body as string;
      request.rawBody = text;
      if (text.trim() === '') return done(null, undefined);
      if (nestsDeeperThan(text, MAX_JSON_DEPTH)) {
        return done(
          new AppError(400, 'bad_request', 'errors.nestedTooDeep', { vars: { max: MAX_JSON_DEPTH } }),
          undefined,
        );
      }
      // Fastify's parser answers through the callback; its return value is not a pending result.
      void parseJson(request, text, (error, value) => {
        if (error) done(new AppError(400, 'bad_request', 'errors.invalidJson'), undefined);
        else done(null, value);
      });
    });

    app.setErrorHandler(handleError);
  },
  { name: 'errors' },
);
