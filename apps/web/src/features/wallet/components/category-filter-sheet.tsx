// The history's filter: a few categories a person thinks in (deposits, withdrawals, games, rewards,
// other), or all of them.
import { useTranslation } from 'react-i18next';
import { activityCategories, type ActivityCategory } from '@tradeflip/api';
import { CheckIcon } from '@/components/icons';
import { Sheet } from '@/components/sheet';

interface CategoryFilterSheetProps {
  visible: boolean;
  selected: ActivityCategory | undefined;
  onSelect: (category: ActivityCategory | undefined) => void;
  onClose: () => void;
}

export function CategoryFilterSheet({ visible, selected, onSelect, onClose }: CategoryFilterSheetProps) {
  const { t } = useTranslation();
  const options: { value: ActivityCategory | undefined; label: string }[] = [
    { value: undefined, label: t('activity.categories.all') },
    ...activityCategories.map((category) => ({
      value: category,
      label: t(`activity.categories.${category}`),
    })),
  ];
  return (
    <Sheet visible={visible} onClose={onClose} title={t('wallet.filterTitle')}>
      <ul className="type-options" role="listbox" data-testid="activity-filter-options">
        {options.map((option) => (
          <li key={option.value ?? 'all'}>
            <button
              type="button"
              role="option"
              aria-selected={option.value === selected}
              className={option.value === selected ? 'type-option is-selected' : 'type-option'}
              onClick={() => onSelect(option.value)}
            >
              {option.label}
              {option.value === selected && <CheckIcon size={18} />}
            </button>
          </li>
        ))}
      </ul>
    </Sheet>
  );
}
