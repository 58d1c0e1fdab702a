// The eye beside a balance: closes to mask every balance in the app (lib/hide-balances.ts).
import { useTranslation } from 'react-i18next';
import { setBalancesHidden, useBalancesHidden } from '@/lib/hide-balances';
import { EyeIcon, EyeOffIcon } from './icons';
import './hide-balances-toggle.css';

export function HideBalancesToggle({ className = 'hide-balances' }: { className?: string }) {
  const { t } = useTranslation();
  const hidden = useBalancesHidden();
  return (
    <button
      type="button"
      className={className}
      aria-pressed={hidden}
      aria-label={hidden ? t('wallet.showBalances') : t('wallet.hideBalances')}
      data-testid="hide-balances"
      onClick={(e) => {
        // It sits on a card that is itself a link.
        e.preventDefault();
        e.stopPropagation();
        setBalancesHidden(!hidden);
      }}
    >
      {hidden ? <EyeOffIcon size={18} /> : <EyeIcon size={18} />}
    </button>
  );
}
