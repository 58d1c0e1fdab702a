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

/**
 * The dotted path of the first string (or object key) in `data` holding a control character. Walked
 * with a stack of its own, not by recursion: however deep the data, the check answers.
 */
export function controlCharacterPath(data: unknown, path = ''): string | undefined {
  // Depth first, in document order (each key just before its value): the field named is the first.
  // A path is spelled out only for the field found, so a deep body costs no string per level.
  interface Step {
    value: unknown;
    key?: string;
    parent?: Step;
  }
  const pathOf = (step: Step) => {
    const keys: string[] = [];
    for (let at: Step | undefined = step; at?.key !== undefined; at = at.parent) keys.push(at.key);
    return [...(path ? [path] : []), ...keys.reverse()].join('.');
  };
  const pending: Step[] = [{ value: data }];
  while (pending.length > 0) {
    const step = pending.pop()!;
    const { value, key } = step;
    if (key !== undefined && FORBIDDEN.test(key)) return pathOf(step);
    if (typeof value === 'string') {
      if (FORBIDDEN.test(value)) return pathOf(step);
      continue;
    }
    if (value === null || typeof value !== 'object') continue;
    const entries = Object.entries(value);
    for (let i = entries.length - 1; i >= 0; i--) {
      const [childKey, child] = entries[i]!;
      pending.push({ value: child, key: childKey, parent: step });
    }
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
