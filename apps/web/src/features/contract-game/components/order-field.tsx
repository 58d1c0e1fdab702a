// One labelled number field of the contract game's forms (margin, take-profit, stop-loss), with the
// reason under it when the value cannot be used (checked as typed, or the server's words).
import type { ReactNode, Ref } from 'react';

interface OrderFieldProps {
  label: string;
  /** Beside the label, right-aligned (the available balance, "Optional"). */
  hint?: ReactNode;
  /** After the input, inside the box (the token). */
  suffix?: string;
  value: string;
  onChange: (value: string) => void;
  testId: string;
  error?: string | undefined;
  /** Beside the error (Deposit, where it says "Insufficient balance"). */
  extra?: ReactNode;
  placeholder?: string;
  inputRef?: Ref<HTMLInputElement>;
}

export function OrderField({
  label,
  hint,
  suffix,
  value,
  onChange,
  testId,
  error,
  extra,
  placeholder,
  inputRef,
}: OrderFieldProps) {
  return (
    <div className="order-field">
      <span className="order-field__label">
        <label htmlFor={testId}>{label}</label>
        {hint && <small>{hint}</small>}
      </span>
      <span className="order-field__box">
        <input
          id={testId}
          ref={inputRef}
          inputMode="decimal"
          autoComplete="off"
          value={value}
          data-testid={testId}
          aria-invalid={Boolean(error)}
          aria-describedby={error ? `${testId}-error` : undefined}
          placeholder={placeholder}
          onChange={(event) => onChange(event.target.value)}
        />
        {suffix && <b>{suffix}</b>}
      </span>
      {error && (
        <span className="field-error field-error--with-action">
          <span role="alert" id={`${testId}-error`} data-testid={`${testId}-error`}>
            {error}
          </span>
          {extra}
        </span>
      )}
    </div>
  );
}
