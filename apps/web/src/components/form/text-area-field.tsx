// A labelled multi-line input with its error under it and how much of its length is used: the
// TextField's look for free text (feedback). Bound as a <TextField> is (`form.field(name)`): checked
// again as typed while its message shows.
import {
  useId,
  useState,
  type ChangeEvent,
  type ChangeEventHandler,
  type FocusEventHandler,
  type Ref,
} from 'react';
import type { FieldBindings } from './use-zod-form';
import './text-field.css';

export interface TextAreaFieldProps extends FieldBindings {
  label: string;
  maxLength: number;
  placeholder?: string;
  rows?: number;
  testId?: string;
}

export function TextAreaField({
  label,
  maxLength,
  placeholder,
  rows = 5,
  testId,
  name,
  error,
  onChange,
  onBlur,
  onFocus,
  ref,
}: TextAreaFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const [used, setUsed] = useState(0);
  // The form's handlers read the event's target (its name and value): the same for a textarea.
  const change = onChange as unknown as ChangeEventHandler<HTMLTextAreaElement>;
  return (
    <div className={error ? 'text-field text-field--error' : 'text-field'} data-field={name}>
      <label className="text-field__label" htmlFor={id}>
        {label}
        <span className="text-field__hint" aria-hidden="true">
          {used}/{maxLength}
        </span>
      </label>
      <div className="text-field__control text-field__control--area">
        <textarea
          id={id}
          name={name}
          ref={ref as Ref<HTMLTextAreaElement>}
          rows={rows}
          maxLength={maxLength}
          placeholder={placeholder}
          className="text-field__input text-field__input--area"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          data-testid={testId}
          onBlur={onBlur as unknown as FocusEventHandler<HTMLTextAreaElement>}
          onFocus={onFocus as unknown as FocusEventHandler<HTMLTextAreaElement>}
          onChange={(event: ChangeEvent<HTMLTextAreaElement>) => {
            setUsed(event.target.value.length);
            change(event);
          }}
        />
      </div>
      <div
        className="text-field__error"
        id={errorId}
        role={error ? 'alert' : undefined}
        data-testid={testId && `${testId}-error`}
      >
        {error}
      </div>
    </div>
  );
}
