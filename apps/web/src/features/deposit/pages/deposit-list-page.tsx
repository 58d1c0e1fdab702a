// Deposit records (/pages/wallet/depositList): the user's deposits, newest first, with infinite
// scroll and pull to refresh; a confirming deposit follows its confirmations. Tap one for its detail.
import { DepositIcon } from '@/components/icons';
import { RecordsPage } from '@/components/records-page';
import { useDeposits } from '../api/get-deposits';
import { DepositItem } from '../components/deposit-item';
import '../components/deposit.css';
import '@/lib/wallet-texts';

export function DepositListPage() {
  return (
    <RecordsPage
      kind="deposit"
      testId="deposit"
      query={useDeposits()}
      Item={DepositItem}
      Icon={DepositIcon}
    />
  );
}
