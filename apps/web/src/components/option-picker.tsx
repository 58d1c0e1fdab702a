// A row of large choice buttons (token, network): one is selected; a muted one can still be chosen so
// the screen can say why it is unavailable.
import './option-picker.css';

export interface PickerOption<V extends string> {
  value: V;
  label: string;
  /** A second line, e.g. the fee or 'Unavailable'. */
  hint?: string;
  /** Shown dimmed (unavailable), still selectable. */
  muted?: boolean;
}

interface OptionPickerProps<V extends string> {
  label: string;
  options: PickerOption<V>[];
  value: V | undefined;
  onChange: (value: V) => void;
  /** Each option gets `${testIdPrefix}-${value}`. */
  testIdPrefix: string;
}

export function OptionPicker<V extends string>({
  label,
  options,
  value,
  onChange,
  testIdPrefix,
}: OptionPickerProps<V>) {
  return (
    <div className="option-picker">
      <span className="option-picker__label" id={`${testIdPrefix}-label`}>
        {label}
      </span>
      <div className="option-picker__options" role="radiogroup" aria-labelledby={`${testIdPrefix}-label`}>
        {options.map((option) => {
          const selected = option.value === value;
          return (
            <button
              key={option.value}
              type="button"
              role="radio"
              aria-checked={selected}
              className={[
                'option-picker__option',
                selected ? 'is-selected' : '',
                option.muted ? 'is-muted' : '',
              ].join(' ')}
              onClick={() => onChange(option.value)}
              data-testid={`${testIdPrefix}-${option.value}`}
            >
              <span className="option-picker__name">{option.label}</span>
              {option.hint && <span className="option-picker__hint">{option.hint}</span>}
            </button>
          );
        })}
      </div>
    </div>
  );
}
