// Which colour means up: green-up / red-down, or red-up / green-down (as Chinese users expect). Every
// rising and falling figure in the app follows the choice at once, and it is remembered.
import { useTranslation } from 'react-i18next';
import { setUpColor, useUpColor, type UpColor } from '@/lib/up-colors';

export function UpColorSetting() {
  const { t } = useTranslation();
  const current = useUpColor();
  const options: { value: UpColor; label: string }[] = [
    { value: 'green', label: t('profile.greenUp') },
    { value: 'red', label: t('profile.redUp') },
  ];
  return (
    <section className="menu up-color" aria-labelledby="up-color-title">
      <h2 className="menu__title" id="up-color-title">
        {t('profile.upColors')}
      </h2>
      <div className="up-color__options" role="radiogroup" aria-labelledby="up-color-title">
        {options.map((option) => (
          <button
            key={option.value}
            type="button"
            role="radio"
            aria-checked={current === option.value}
            className={current === option.value ? 'up-color__option is-selected' : 'up-color__option'}
            data-testid={`up-color-${option.value}`}
            onClick={() => setUpColor(option.value)}
          >
            <span
              className={option.value === 'green' ? 'up-color__sample is-green' : 'up-color__sample is-red'}
            >
              ▲
            </span>
            <span
              className={option.value === 'green' ? 'up-color__sample is-red' : 'up-color__sample is-green'}
            >
              ▼
            </span>
            {option.label}
          </button>
        ))}
      </div>
    </section>
  );
}
