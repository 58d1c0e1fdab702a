// Control characters in request data (issue 8, defect 4). PostgreSQL refuses a NUL byte in text,
// and no field of ours has a use for the other C0/C1 controls, so every schema refuses them before
// its own rules run: a 400 naming the field, in the caller's language, never a 500 from the
// database. Tab, line feed and carriage return stay allowed: reasons, memos and feedback are
// multi-line text, and single-line fields (emails, addresses, amounts) refuse them by their format.
import type { FastifySchemaCompiler } from 'fastify';
import { AppError } from '../errors';

// Also refused: the bidirectional embeddings, overrides and isolates (U+202A–202E, U+2066–2069), which
// make text read otherwise than it is written (an operator's inbox spoofed), and a lone surrogate (no
// character at all: stored as U+FFFD, the text changed).
const FORBIDDEN =
  // eslint-disable-next-line no-control-regex
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** The dotted path of the first string (or object key) in `data` holding a control character. */
export function controlCharacterPath(data: unknown, path = ''): string | undefined {
  if (typeof data === 'string') return FORBIDDEN.test(data) ? path : undefined;
  if (data === null || typeof data !== 'object') return undefined;
  for (const [key, value] of Object.entries(data)) {
    const at = path ? `${path}.${key}` : key;
    if (FORBIDDEN.test(key)) return at;
    const found = controlCharacterPath(value, at);
    if (found !== undefined) return found;
  }
  return undefined;
}

/** Wraps a validator compiler: data with a control character fails before the schema runs. */
export function refusingControlCharacters<T>(compile: FastifySchemaCompiler<T>): FastifySchemaCompiler<T> {
  return (route) => {
    const validate = compile(route);
    return (data: unknown) => {
      const path = controlCharacterPath(data);
      if (path === undefined) return validate(data);
      const field = path || route.httpPart || 'request';
      return {
        error: new AppError(400, 'validation', 'validation.controlCharacter', {
          vars: { field },
          fields: { [field]: 'validation.controlCharacter' },
        }),
      };
    };
  };
}
