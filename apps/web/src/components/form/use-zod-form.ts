// Forms on react-hook-form with a zod schema (zodResolver; the schemas of packages/api where the
// server has them, so both say the same words). How every screen validates:
// - on submit, every field: the messages under the fields and the first one's field focused (no toast:
//   a message is said once, where it is about);
// - on leaving a field that has something in it (an untouched empty field stays quiet until submit);
// - while a person types in a field that shows a message (and in the fields that depend on it, such as
//   a repeated password), so the message goes away once it is right.
// Schema messages are i18n keys, translated when shown (a resolver may give an error its `vars`); the
// server's per-field messages are texts it already localised.
import {
  useForm,
  type DefaultValues,
  type FieldErrors,
  type FieldValues,
  type Path,
  type PathValue,
  type Resolver,
  type UseFormReturn,
} from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { isApiError, isCancel } from '@/lib/http/errors';
import { showError } from '@/lib/toast';
import type { TextFieldProps } from './text-field';

/** The type of an error whose message is a text from the server rather than an i18n key. */
const SERVER = 'server';

export interface ZodFormOptions<T extends FieldValues, Out> {
  defaultValues: T;
  resolver: Resolver<T, unknown, Out>;
  /** Called when a field is first focused: a lazily loaded resolver starts loading (lazy-resolver.ts). */
  preload?: () => unknown;
  /** Fields whose verdict depends on another one (a repeated password on the password). */
  dependents?: Partial<Record<Path<T>, Path<T>[]>>;
}

/** A react-hook-form form with the ways every screen validates (below). */
export interface ZodForm<T extends FieldValues, Out> extends UseFormReturn<T, unknown, Out> {
  field: (name: Path<T>, vars?: Record<string, string | number>) => FieldBindings;
  change: (name: Path<T>, value: string) => void;
  submit: (
    onValid: (values: Out) => unknown,
    onInvalid?: (text: string) => void,
  ) => ReturnType<UseFormReturn<T, unknown, Out>['handleSubmit']>;
  /** A submit handler whose `call` goes to the server; what it throws is reported (reportServerError). */
  submitCall: (
    call: (values: Out) => Promise<unknown>,
  ) => ReturnType<UseFormReturn<T, unknown, Out>['handleSubmit']>;
  check: (name: Path<T>) => Promise<string | null>;
  /** The message a field shows now, in the user's language (for fields other than a <TextField>). */
  errorOf: (name: Path<T>) => string | undefined;
  setServerError: (name: Path<T>, text: string) => void;
  setServerErrors: (fields: Record<string, string> | undefined) => boolean;
  reportServerError: (err: unknown) => void;
}

/** What a <TextField> takes from the form for its field. */
export type FieldBindings = Pick<
  TextFieldProps,
  'name' | 'error' | 'onChange' | 'onBlur' | 'onFocus' | 'ref'
>;

export function useZodForm<T extends FieldValues, Out = T>({
  defaultValues,
  resolver,
  preload,
  dependents,
}: ZodFormOptions<T, Out>): ZodForm<T, Out> {
  const { t } = useTranslation();
  // react-hook-form validates only when asked (below): on submit, on blur, and while a message shows.
  const form = useForm<T, unknown, Out>({
    defaultValues: defaultValues as DefaultValues<T>,
    resolver,
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
  });
  const order = Object.keys(defaultValues) as Path<T>[];

  const message = (
    error: { type?: unknown; message?: string; vars?: Record<string, unknown> } | undefined,
    vars?: Record<string, string | number>,
  ) => {
    if (!error?.message) return undefined;
    if (error.type === SERVER) return error.message;
    // A schema message that is not one of ours (zod's default English) reads as an invalid request.
    // Several keys, one per line, are several rules broken at once: each is said, on its own line.
    return error.message
      .split('\n')
      .map((key) => t(key, { ...error.vars, ...vars, defaultValue: t('validation.invalidRequest') }))
      .join('\n');
  };

  /** Validates `name` again, and its dependents, those of them that show a message. */
  const recheck = (name: Path<T>) => {
    const showing = [name, ...(dependents?.[name] ?? [])].filter((f) => form.getFieldState(f).error);
    // Its outcome shows through the form's state; the resolver never rejects.
    if (showing.length > 0) void form.trigger(showing);
  };

  /** Sets a field as typing would (e.g. 'Max' filling the amount). */
  const change = (name: Path<T>, value: string) => {
    form.setValue(name, value as PathValue<T, Path<T>>, { shouldDirty: true });
    recheck(name);
  };

  /** Props for the <TextField> of `name`; `vars` fill the placeholders of its messages ('Up to {n} decimals'). */
  const field = (name: Path<T>, vars?: Record<string, string | number>): FieldBindings => ({
    ...form.register(name, {
      onChange: () => recheck(name),
      onBlur: () => {
        if (form.getValues(name) !== '') void form.trigger(name); // its outcome shows under the field
      },
    }),
    error: message(form.getFieldState(name, form.formState).error, vars),
    onFocus: preload ? () => void preload() : undefined,
  });

  /**
   * A submit handler: `onValid` gets the parsed values; otherwise `onInvalid` gets the first problem's
   * text (fields in their order; a resolver that failed to load says so at the root).
   */
  const submit = (onValid: (values: Out) => unknown, onInvalid?: (text: string) => void) =>
    form.handleSubmit(onValid, (errors: FieldErrors<T>) => {
      const first = order.map((name) => form.getFieldState(name).error).find(Boolean) ?? errors.root;
      const text = message(first);
      if (text) onInvalid?.(text);
    });

  /** Validates one field now; resolves with its message, or null when it is right. */
  const check = async (name: Path<T>): Promise<string | null> => {
    if (await form.trigger(name)) return null;
    return message(form.getFieldState(name).error) ?? t('validation.invalidRequest');
  };

  const errorOf = (name: Path<T>) => message(form.getFieldState(name, form.formState).error);

  /** Puts a text the server localised under a field. */
  const setServerError = (name: Path<T>, text: string) =>
    form.setError(name, { type: SERVER, message: text });

  /** Maps the server's `fields` (localised texts) onto the form's fields; true when any was. */
  const setServerErrors = (fields: Record<string, string> | undefined): boolean => {
    let any = false;
    for (const [name, text] of Object.entries(fields ?? {})) {
      if (!order.includes(name as Path<T>)) continue;
      setServerError(name as Path<T>, text);
      any = true;
    }
    return any;
  };

  /**
   * A failed call (made silent): the server's per-field messages go under their fields; anything else
   * is one toast. Never both, so a message shows once.
   */
  const reportServerError = (err: unknown) => {
    if (isCancel(err)) return;
    if (isApiError(err) && setServerErrors(err.fields)) return;
    showError(err);
  };

  const submitCall = (call: (values: Out) => Promise<unknown>) =>
    submit(async (values) => {
      try {
        await call(values);
      } catch (err) {
        reportServerError(err);
      }
    });

  return {
    ...form,
    field,
    change,
    submit,
    submitCall,
    check,
    errorOf,
    setServerError,
    setServerErrors,
    reportServerError,
  };
}
