// Withdrawal records (/pages/wallet/withdrawList): the user's withdrawals, newest first, with infinite
// scroll and pull to refresh; ones on their way follow their progress. Tap one for its detail.
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '@/lib/paths';
import { EmptyState } from '@/components/empty-state';
import { WithdrawIcon } from '@/components/icons';
import { PageFrame } from '@/components/page-frame';
import { PagedList } from '@/components/paged-list';
import { usePrecisions } from '@/lib/precisions';
import { useWithdrawals } from '../api/get-withdrawals';
import { WithdrawalItem } from '../components/withdrawal-item';
import '../components/withdraw.css';
import '@/lib/wallet-texts';
import { useBalanceEvents } from '@/lib/use-balance-events';

export function WithdrawListPage() {
  useBalanceEvents();
  const { t } = useTranslation();
  const navigate = useNavigate();
  const precisions = usePrecisions();
  const withdrawals = useWithdrawals();
  return (
    <PageFrame title={t('titles.withdrawList')} className="withdraw">
      <PagedList
        query={withdrawals}
        testId="withdrawal-list"
        itemKey={(record) => record.id}
        renderItem={(record) => (
          <WithdrawalItem
            record={record}
            precisions={precisions}
            onOpen={() =>
              void navigate(`${paths.withdrawDetail}?id=${encodeURIComponent(record.id)}`, {
                state: { record },
              })
            }
          />
        )}
        empty={
          <EmptyState
            testId="withdrawal-empty"
            icon={<WithdrawIcon size={32} />}
            title={t('withdraw.noRecords')}
            description={t('withdraw.noRecordsHint')}
            action={
              <Link to={paths.withdraw} className="btn btn--primary btn--block">
                {t('withdraw.withdrawNow')}
              </Link>
            }
          />
        }
      />
    </PageFrame>
  );
}
