// A form whose one check is a shared rule of packages/money (validateOpen, validateFlip: the server's
// own), as the form's resolver: the order the check makes of what is typed, or its refusal under
// the field at fault (its message a text key, with the key's values).
import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';

type Check<Out> =
  | { ok: true; order: Out }
  | { ok: false; problem: { field: string; key: string; vars?: Record<string, unknown> } };

export function checkResolver<T extends FieldValues, Out>(
  check: (values: T) => Check<Out>,
): Resolver<T, unknown, Out> {
  return (values) => {
    const result = check(values);
    if (result.ok) return { values: result.order, errors: {} };
    const { field, key, vars } = result.problem;
    // The field is one of T's (the check names only the form's fields); `vars` rides along for the
    // message's text, which react-hook-form's error type does not know of.
    const errors = { [field]: { type: 'validate', message: key, vars } } as unknown as FieldErrors<T>;
    return { values: {}, errors };
  };
}
