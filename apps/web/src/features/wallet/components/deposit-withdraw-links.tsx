// The Deposit and Withdraw buttons under an asset page's total; a token's page opens them on its token.
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '@/lib/paths';
import { DepositIcon, WithdrawIcon } from '@/components/icons';

export function DepositWithdrawLinks({ token }: { token?: string }) {
  const { t } = useTranslation();
  const query = token ? `?token=${encodeURIComponent(token)}` : '';
  return (
    <div className="asset-hero__actions">
      <Link to={`${paths.deposit}${query}`} className="btn btn--primary" data-testid="asset-deposit">
        <DepositIcon size={18} />
        {t('wallet.deposit')}
      </Link>
      <Link to={`${paths.withdraw}${query}`} className="btn btn--ghost" data-testid="asset-withdraw">
        <WithdrawIcon size={18} />
        {t('wallet.withdraw')}
      </Link>
    </div>
  );
}
