// A labelled input with its error under it. Plain <input> so label, aria-invalid and the error's
// aria-describedby sit on the element a person (and a screen reader) types into. Uncontrolled: the
// form (react-hook-form, use-zod-form.ts) binds it by name, ref and its change and blur events.
import {
  useId,
  useState,
  type ChangeEventHandler,
  type FocusEventHandler,
  type InputHTMLAttributes,
  type ReactNode,
  type Ref,
} from 'react';
import { useTranslation } from 'react-i18next';
import { EyeIcon, EyeOffIcon } from '../icons';
import './text-field.css';

type NativeProps = Pick<
  InputHTMLAttributes<HTMLInputElement>,
  | 'autoComplete'
  | 'inputMode'
  | 'maxLength'
  | 'placeholder'
  | 'type'
  | 'autoFocus'
  | 'enterKeyHint'
  | 'readOnly'
>;

export interface TextFieldProps extends NativeProps {
  name: string;
  label: string;
  error?: string | undefined;
  hint?: string;
  onChange: ChangeEventHandler<HTMLInputElement>;
  onBlur?: FocusEventHandler<HTMLInputElement>;
  onFocus?: FocusEventHandler<HTMLInputElement>;
  ref?: Ref<HTMLInputElement>;
  /** Shown inside the control on the right, e.g. a send-code button. */
  suffix?: ReactNode;
}

export function TextField({
  name,
  label,
  error,
  hint,
  onChange,
  onBlur,
  onFocus,
  ref,
  suffix,
  type = 'text',
  ...native
}: TextFieldProps) {
  const { t } = useTranslation();
  const id = useId();
  const errorId = `${id}-error`;
  const [revealed, setRevealed] = useState(false);
  const isPassword = type === 'password';
  return (
    <div className={error ? 'text-field text-field--error' : 'text-field'} data-field={name}>
      <label className="text-field__label" htmlFor={id}>
        {label}
        {hint && <span className="text-field__hint">{hint}</span>}
      </label>
      <div className="text-field__control">
        <input
          {...native}
          id={id}
          ref={ref}
          name={name}
          type={isPassword && revealed ? 'text' : type}
          onChange={onChange}
          onBlur={onBlur}
          onFocus={onFocus}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          className="text-field__input"
          autoCapitalize="off"
          autoCorrect="off"
          spellCheck={false}
        />
        {isPassword && (
          <button
            type="button"
            className="text-field__icon-btn"
            onClick={() => setRevealed((v) => !v)}
            aria-label={revealed ? t('auth.hidePassword') : t('auth.showPassword')}
            aria-pressed={revealed}
          >
            {revealed ? <EyeOffIcon size={20} /> : <EyeIcon size={20} />}
          </button>
        )}
        {suffix}
      </div>
      <div className="text-field__error" id={errorId} role={error ? 'alert' : undefined}>
        {error}
      </div>
    </div>
  );
}
