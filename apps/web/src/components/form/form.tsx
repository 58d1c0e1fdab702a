// A form as every screen writes it, and its full-width submit button. No browser validation bubbles
// (our rules speak the user's language, under each field) and submission handled in script.
import type { FocusEventHandler, ReactNode } from 'react';
import '@/lib/antd-locale';
import Button from 'antd-mobile/es/components/button';

interface FormProps {
  onSubmit: () => void | Promise<unknown>;
  className: string;
  onFocus?: FocusEventHandler<HTMLFormElement>;
  children: ReactNode;
}

export function Form({ onSubmit, className, onFocus, children }: FormProps) {
  return (
    <form
      className={className}
      noValidate
      onFocus={onFocus}
      onSubmit={(e) => {
        e.preventDefault();
        void onSubmit();
      }}
    >
      {children}
    </form>
  );
}

interface SubmitButtonProps {
  loading?: boolean;
  disabled?: boolean;
  className?: string;
  testId?: string;
  children: ReactNode;
}

export function SubmitButton({ loading, disabled, className, testId, children }: SubmitButtonProps) {
  return (
    <Button
      block
      type="submit"
      color="primary"
      size="large"
      shape="rounded"
      loading={loading}
      disabled={disabled}
      className={className}
      data-testid={testId}
    >
      {children}
    </Button>
  );
}
