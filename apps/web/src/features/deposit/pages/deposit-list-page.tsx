// Deposit records (/pages/wallet/depositList): the user's deposits, newest first, with infinite
// scroll and pull to refresh; a confirming deposit follows its confirmations. Tap one for its detail.
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '@/lib/paths';
import { EmptyState } from '@/components/empty-state';
import { DepositIcon } from '@/components/icons';
import { PageFrame } from '@/components/page-frame';
import { PagedList } from '@/components/paged-list';
import { usePrecisions } from '@/lib/precisions';
import { useDeposits } from '../api/get-deposits';
import { DepositItem } from '../components/deposit-item';
import '../components/deposit.css';
import '@/lib/wallet-texts';
import { useBalanceEvents } from '@/lib/use-balance-events';

export function DepositListPage() {
  useBalanceEvents();
  const { t } = useTranslation();
  const navigate = useNavigate();
  const precisions = usePrecisions();
  const deposits = useDeposits();
  return (
    <PageFrame title={t('titles.depositList')} className="deposit">
      <PagedList
        query={deposits}
        testId="deposit-list"
        itemKey={(record) => record.id}
        renderItem={(record) => (
          <DepositItem
            record={record}
            precisions={precisions}
            onOpen={() =>
              void navigate(`${paths.depositDetail}?id=${encodeURIComponent(record.id)}`, {
                state: { record },
              })
            }
          />
        )}
        empty={
          <EmptyState
            testId="deposit-empty"
            icon={<DepositIcon size={32} />}
            title={t('deposit.noRecords')}
            description={t('deposit.noRecordsHint')}
            action={
              <Link to={paths.deposit} className="btn btn--primary btn--block">
                {t('deposit.depositNow')}
              </Link>
            }
          />
        }
      />
    </PageFrame>
  );
}
