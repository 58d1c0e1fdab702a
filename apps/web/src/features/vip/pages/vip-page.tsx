// VIP levels (/pages/vip/index): the player's level, their cumulative USDT turnover and the way to the
// next level, what their level gives (a bonus on their own invite rewards), and the level table with
// their row marked. Every figure is the server's (GET /api/app/vip), exact.
import { useTranslation } from 'react-i18next';
import type { VipStatus } from '@tradeflip/api';
import { Decimal, formatNumber } from '@tradeflip/money';
import { LoadError } from '@/components/load-error';
import { PageFrame } from '@/components/page-frame';
import { SkeletonRows } from '@/components/skeleton';
import { useVipStatus } from '@/lib/vip-status';
import '../texts';
import './vip.css';

const percent = (fraction: string) => new Decimal(fraction).mul(100).toFixed();

function Bonus({ fraction }: { fraction: string }) {
  const { t } = useTranslation();
  return <>{new Decimal(fraction).gt(0) ? t('vip.bonus', { n: percent(fraction) }) : t('vip.noBonus')}</>;
}

function VipBody({ status }: { status: VipStatus }) {
  const { t } = useTranslation();
  return (
    <>
      <section className="vip-hero" data-testid="vip-hero">
        <p className="vip-hero__label">{t('vip.yourLevel')}</p>
        <p className="vip-hero__level" data-testid="vip-level">
          {t('vip.level', { n: status.level })}
        </p>
        <p className="vip-hero__bonus" data-testid="vip-bonus">
          <Bonus fraction={status.rewardBonus} />
        </p>
        <dl className="vip-hero__turnover">
          <dt>{t('vip.turnover')}</dt>
          <dd data-testid="vip-turnover">{formatNumber(status.turnover, 'usdt')} USDT</dd>
        </dl>
        <div
          className="vip-progress"
          role="progressbar"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={Number(status.progress)}
          data-testid="vip-progress"
        >
          <span style={{ width: `${Math.min(100, Number(status.progress))}%` }} />
        </div>
        <p className="vip-hero__next" data-testid="vip-next">
          {status.next
            ? t('vip.toNext', { amount: formatNumber(status.next.remaining, 'usdt'), n: status.next.level })
            : t('vip.top')}
        </p>
        <p className="vip-hero__hint">{t('vip.turnoverHint')}</p>
      </section>

      <h2 className="vip-table__title">{t('vip.table')}</h2>
      <table className="vip-table" data-testid="vip-table">
        <thead>
          <tr>
            <th scope="col">VIP</th>
            <th scope="col">{t('vip.from')}</th>
            <th scope="col">{t('vip.gives')}</th>
          </tr>
        </thead>
        <tbody>
          {status.levels.map((row) => (
            <tr
              key={row.level}
              className={row.level === status.level ? 'is-current' : undefined}
              data-testid={`vip-row-${row.level}`}
            >
              <th scope="row">
                {t('vip.level', { n: row.level })}
                {row.level === status.level && <small>{t('vip.current')}</small>}
              </th>
              <td>{formatNumber(row.minTurnover, 'usdt')}</td>
              <td>
                <Bonus fraction={row.rewardBonus} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}

export function VipPage() {
  const { t } = useTranslation();
  const status = useVipStatus();
  return (
    <PageFrame title={t('titles.vip')} className="vip">
      {status.data ? (
        <VipBody status={status.data} />
      ) : status.isError ? (
        <LoadError error={status.error} onRetry={() => void status.refetch()} />
      ) : (
        <SkeletonRows count={4} />
      )}
    </PageFrame>
  );
}
