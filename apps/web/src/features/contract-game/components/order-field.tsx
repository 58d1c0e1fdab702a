// One labelled number field of the contract game's forms (margin, take-profit, stop-loss), with the
// server's message under it when it refused the value.
import type { ReactNode } from 'react';

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
  placeholder?: string;
}

export function OrderField({
  label,
  hint,
  suffix,
  value,
  onChange,
  testId,
  error,
  placeholder,
}: OrderFieldProps) {
  return (
    <label className="order-field">
      <span className="order-field__label">
        {label}
        {hint && <small>{hint}</small>}
      </span>
      <span className="order-field__box">
        <input
          inputMode="decimal"
          autoComplete="off"
          value={value}
          data-testid={testId}
          aria-invalid={Boolean(error)}
          placeholder={placeholder}
          onChange={(event) => onChange(event.target.value)}
        />
        {suffix && <b>{suffix}</b>}
      </span>
      {error && (
        <span className="field-error" role="alert" data-testid={`${testId}-error`}>
          {error}
        </span>
      )}
    </label>
  );
}
