// The history's type filter: every business type of spec §4, or all of them.
import { useTranslation } from 'react-i18next';
import Popup from 'antd-mobile/es/components/popup';
import { businessTypes, type BusinessType } from '@tradeflip/contract';
import { CheckIcon } from '@/components/icons';

interface TypeFilterSheetProps {
  visible: boolean;
  selected: BusinessType | undefined;
  onSelect: (type: BusinessType | undefined) => void;
  onClose: () => void;
}

export function TypeFilterSheet({ visible, selected, onSelect, onClose }: TypeFilterSheetProps) {
  const { t } = useTranslation();
  const options: { value: BusinessType | undefined; label: string }[] = [
    { value: undefined, label: t('wallet.allTypes') },
    ...businessTypes.map((type) => ({ value: type, label: t(`businessTypes.${type}`) })),
  ];
  return (
    <Popup
      visible={visible}
      onMaskClick={onClose}
      onClose={onClose}
      bodyClassName="sheet"
      destroyOnClose
      aria-label={t('wallet.filterTitle')}
    >
      <h2 className="sheet__title">{t('wallet.filterTitle')}</h2>
      <ul className="type-options" role="listbox" data-testid="flow-filter-options">
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
    </Popup>
  );
}
