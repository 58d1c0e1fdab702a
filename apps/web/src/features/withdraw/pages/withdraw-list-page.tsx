// Withdrawal records (/pages/wallet/withdrawList): the user's withdrawals, newest first, with infinite
// scroll and pull to refresh; ones on their way follow their progress. Tap one for its detail.
import { WithdrawIcon } from '@/components/icons';
import { RecordsPage } from '@/components/records-page';
import { useWithdrawals } from '../api/get-withdrawals';
import { WithdrawalItem } from '../components/withdrawal-item';
import '../components/withdraw.css';
import '@/lib/wallet-texts';

export function WithdrawListPage() {
  return (
    <RecordsPage
      kind="withdraw"
      testId="withdrawal"
      query={useWithdrawals()}
      Item={WithdrawalItem}
      Icon={WithdrawIcon}
    />
  );
}
