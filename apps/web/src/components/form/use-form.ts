// Small form state for the auth and account screens: values, per-field errors shown under the field,
// validation on blur and on submit, and the server's per-field messages mapped onto the fields.
import { useCallback, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** An error is an i18n key from our validators, or a text the server already localised. */
export type FieldError = { key: string; vars?: Record<string, string | number> } | { text: string };

/** Returns the i18n key of the first problem, or undefined when the value is fine. */
export type Validator<K extends string> = (value: string, values: Record<K, string>) => string | undefined;

/** A validator from a zod schema whose messages are i18n keys (packages/contract). */
export function fromSchema<K extends string>(schema: {
  safeParse(value: unknown): { success: true } | { success: false; error: { issues: { message: string }[] } };
}): Validator<K> {
  return (value) => {
    const result = schema.safeParse(value);
    return result.success ? undefined : (result.error.issues[0]?.message ?? 'validation.invalidRequest');
  };
}

export interface FormOptions<K extends string> {
  initial: Record<K, string>;
  validators: Partial<Record<K, Validator<K>>>;
  /** Fields whose validation depends on another field (e.g. repeat password on password). */
  dependents?: Partial<Record<K, K[]>>;
}

export function useForm<K extends string>({ initial, validators, dependents }: FormOptions<K>) {
  const { t } = useTranslation();
  const [values, setValues] = useState<Record<K, string>>(initial);
  const [errors, setErrors] = useState<Partial<Record<K, FieldError>>>({});
  const valuesRef = useRef(values);
  valuesRef.current = values;
  const refs = useRef<Partial<Record<K, HTMLInputElement | null>>>({});
  const order = useMemo(() => Object.keys(initial) as K[], [initial]);

  const check = useCallback(
    (name: K, all: Record<K, string>): FieldError | undefined => {
      const key = validators[name]?.(all[name], all);
      return key ? { key } : undefined;
    },
    [validators],
  );

  const setFieldError = useCallback((name: K, error: FieldError | undefined) => {
    setErrors((prev) => {
      if (!error && !prev[name]) return prev;
      const next = { ...prev };
      if (error) next[name] = error;
      else delete next[name];
      return next;
    });
  }, []);

  const setValue = useCallback(
    (name: K, value: string) => {
      const next = { ...valuesRef.current, [name]: value };
      valuesRef.current = next;
      setValues(next);
      // While a field shows an error, re-check it as the person types so the message goes away.
      setErrors((prev) => {
        const touched = [name, ...(dependents?.[name] ?? [])].filter((f) => prev[f]);
        if (touched.length === 0) return prev;
        const out = { ...prev };
        for (const f of touched) {
          const error = check(f, next);
          if (error) out[f] = error;
          else delete out[f];
        }
        return out;
      });
    },
    [check, dependents],
  );

  const blur = useCallback(
    (name: K) => {
      const all = valuesRef.current;
      // An untouched empty field stays quiet until submit.
      if (all[name] === '') return;
      setFieldError(name, check(name, all));
    },
    [check, setFieldError],
  );

  /** Validates every field; returns the first error's text (for the submit toast), or null when valid. */
  const validateAll = useCallback((): string | null => {
    const all = valuesRef.current;
    const next: Partial<Record<K, FieldError>> = {};
    let first: K | undefined;
    for (const name of order) {
      const error = check(name, all);
      if (error) {
        next[name] = error;
        first ??= name;
      }
    }
    setErrors(next);
    if (first === undefined) return null;
    refs.current[first]?.focus();
    return errorText(t, next[first]) ?? null;
  }, [check, order, t]);

  /** Maps the server's `fields` (localised texts) onto the form; `rename` maps wire names to ours. */
  const setServerErrors = useCallback(
    (fields: Record<string, string> | undefined, rename?: Record<string, K>): boolean => {
      if (!fields) return false;
      const next: Partial<Record<K, FieldError>> = {};
      let any = false;
      for (const [wire, text] of Object.entries(fields)) {
        const name = rename?.[wire] ?? (wire as K);
        if (!order.includes(name)) continue;
        next[name] = { text };
        any = true;
      }
      if (any) setErrors((prev) => ({ ...prev, ...next }));
      return any;
    },
    [order],
  );

  /** Props for a <TextField> bound to `name`. */
  const field = (name: K) => ({
    name,
    value: values[name],
    error: errorText(t, errors[name]),
    onChange: (value: string) => setValue(name, value),
    onBlur: () => blur(name),
    inputRef: (el: HTMLInputElement | null) => {
      refs.current[name] = el;
    },
  });

  return { values, errors, setValue, setFieldError, validateAll, setServerErrors, field };
}

function errorText(
  t: (key: string, vars?: Record<string, unknown>) => string,
  error: FieldError | undefined,
) {
  if (!error) return undefined;
  return 'text' in error ? error.text : t(error.key, error.vars);
}
