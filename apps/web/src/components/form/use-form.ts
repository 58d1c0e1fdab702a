// Small form state for the auth and account screens: values, per-field errors shown under the field,
// validation on blur and on submit, and the server's per-field messages mapped onto the fields.
// A page may pass its rules as a loader, keeping them (and zod under them) out of its first load: they
// are fetched when a field is first focused, and blur and submit wait for them.
import { useCallback, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** An error is an i18n key from our validators, or a text the server already localised. */
export type FieldError = { key: string; vars?: Record<string, string | number> } | { text: string };

/** Returns the i18n key of the first problem, or undefined when the value is fine. */
export type Validator<K extends string> = (value: string, values: Record<K, string>) => string | undefined;

/** A validator whose message has placeholders answers the key with their values ('Up to {n} decimals'). */
export type RuleWithVars<K extends string> = (
  value: string,
  values: Record<K, string>,
) => string | { key: string; vars?: Record<string, string | number> } | undefined;

/** A validator from a zod schema whose messages are i18n keys (packages/contract). */
export function fromSchema<K extends string>(schema: {
  safeParse(value: unknown): { success: true } | { success: false; error: { issues: { message: string }[] } };
}): Validator<K> {
  return (value) => {
    const result = schema.safeParse(value);
    return result.success ? undefined : (result.error.issues[0]?.message ?? 'validation.invalidRequest');
  };
}

export type Validators<K extends string> = Partial<Record<K, Validator<K> | RuleWithVars<K>>>;
/** Loads a page's rules on demand; a module-level function, so forms share what it loaded. */
export type LoadValidators<K extends string> = () => Promise<Validators<K>>;

const loadedRules = new WeakMap<() => Promise<object>, object>();
const loadingRules = new WeakMap<() => Promise<object>, Promise<object>>();

function rulesNow<K extends string>(
  validators: Validators<K> | LoadValidators<K>,
): Validators<K> | undefined {
  return typeof validators === 'function'
    ? (loadedRules.get(validators) as Validators<K> | undefined)
    : validators;
}

function loadRules<K extends string>(load: LoadValidators<K>): Promise<Validators<K>> {
  let pending = loadingRules.get(load);
  if (!pending) {
    pending = load().then(
      (rules) => {
        loadedRules.set(load, rules);
        return rules;
      },
      (err: unknown) => {
        loadingRules.delete(load); // a later focus or submit tries again
        throw err;
      },
    );
    loadingRules.set(load, pending);
  }
  return pending as Promise<Validators<K>>;
}

export interface FormOptions<K extends string> {
  initial: Record<K, string>;
  validators: Validators<K> | LoadValidators<K>;
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

  /** The rules' verdict on `name`; none until lazily loaded rules are there. */
  const check = useCallback(
    (name: K, all: Record<K, string>): FieldError | undefined => {
      const problem = rulesNow(validators)?.[name]?.(all[name], all);
      if (!problem) return undefined;
      return typeof problem === 'string' ? { key: problem } : problem;
    },
    [validators],
  );

  /** Resolves once the rules are there (at once when they are not loaded lazily). */
  const rulesReady = useCallback(
    (): Promise<unknown> | undefined =>
      typeof validators === 'function' && !rulesNow(validators) ? loadRules(validators) : undefined,
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
      const validate = () => {
        const all = valuesRef.current;
        // An untouched empty field stays quiet until submit.
        if (all[name] === '') return;
        setFieldError(name, check(name, all));
      };
      const loading = rulesReady();
      if (loading) loading.then(validate, () => undefined);
      else validate();
    },
    [check, rulesReady, setFieldError],
  );

  /**
   * Validates every field; resolves with the first error's text (for the submit toast), or null when
   * valid. With the rules loaded, the errors show at once (before it resolves).
   */
  const validateAll = useCallback(async (): Promise<string | null> => {
    const loading = rulesReady();
    if (loading) {
      try {
        await loading;
      } catch {
        return t('errors.requestFailed');
      }
    }
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
  }, [check, order, rulesReady, t]);

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
    onFocus: () => void rulesReady()?.catch(() => undefined),
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
