// Deposit (/pages/wallet/deposit, optional ?token=USDT&network=BEP20): pick the token, then the network
// (always the person's own choice: sending on the wrong one loses the funds), then what not to send,
// the user's own address with a QR code (copy, save or share), the minimum deposit and the
// confirmations it takes. While the page is open a deposit that arrives shows at the top, "Deposit
// detected, confirming n/N", until it is credited.
import { useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ChainNetwork, DepositOptions, DepositRecord } from '@tradeflip/api';
import { amountDpOf, formatNumber, knownNetwork, normalizeSymbol } from '@tradeflip/money';
import { paths } from '@/lib/paths';
import { copyText } from '@/lib/copy-text';
import { DetailList, DetailRow } from '@/components/detail-list';
import { EmptyState } from '@/components/empty-state';
import { ExplorerLink } from '@/components/explorer-link';
import { ChevronRightIcon, CopyIcon, DepositIcon, RecordsIcon, ShareIcon } from '@/components/icons';
import { LoadError } from '@/components/load-error';
import { OptionPicker } from '@/components/option-picker';
import { PageFrame } from '@/components/page-frame';
import { QrCode } from '@/components/qr-code';
import { qrCardPng, shareOrSavePng } from '@/components/qr-share';
import { SkeletonCard } from '@/components/skeleton';
import { RecordsLink } from '@/components/records-link';
import { usePrecisions } from '@/lib/precisions';
import { shortenMiddle } from '@/lib/shorten';
import { showToast } from '@/lib/toast';
import { useDepositInfo } from '../api/get-deposit-info';
import { isSettledDeposit, useDeposits } from '../api/get-deposits';
import { useDepositOptions } from '../api/get-deposit-options';
import '../components/deposit.css';
import '@/lib/wallet-texts';

export function DepositPage() {
  const { t } = useTranslation();
  return (
    <PageFrame
      title={t('titles.deposit')}
      className="deposit"
      right={
        <RecordsLink to={paths.depositList} label={t('deposit.records')} testId="deposit-records-link" />
      }
    >
      <DepositBody />
    </PageFrame>
  );
}

function DepositBody() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const options = useDepositOptions();
  const [token, setToken] = useState(() => normalizeSymbol(params.get('token') || 'USDT'));
  // No default: the network is the one the person sends from, so they say which.
  const [network, setNetwork] = useState<ChainNetwork | undefined>(() =>
    knownNetwork(params.get('network') ?? ''),
  );

  if (options.isError && !options.data) {
    return (
      <LoadError
        error={options.error}
        title={t('errors.depositOptions')}
        onRetry={() => void options.refetch()}
      />
    );
  }
  if (!options.data) return <DepositSkeleton />;

  const { tokenOption, chosen } = pick(options.data, token, network);
  const open = Boolean(tokenOption?.enabled && chosen?.enabled);

  return (
    <>
      <ArrivingDeposit token={tokenOption?.token ?? token} />
      <OptionPicker
        label={t('deposit.token')}
        testIdPrefix="deposit-token"
        value={tokenOption?.token}
        onChange={(next) => {
          setToken(next);
          setNetwork(undefined);
        }}
        options={options.data.list.map((o) => ({
          value: o.token,
          label: o.token,
          hint: o.enabled ? o.name : t('deposit.unavailable'),
          muted: !o.enabled,
        }))}
      />
      {tokenOption && tokenOption.networks.length > 0 && (
        <OptionPicker
          label={t('deposit.network')}
          testIdPrefix="deposit-network"
          value={chosen?.network}
          onChange={setNetwork}
          options={tokenOption.networks.map((n) => ({
            value: n.network,
            label: n.network,
            hint: tokenOption.enabled && n.enabled ? networkName(n.network) : t('deposit.unavailable'),
            muted: !(tokenOption.enabled && n.enabled),
          }))}
        />
      )}
      {tokenOption && !chosen && tokenOption.networks.length > 0 ? (
        <div className="record-note deposit-choose" role="note" data-testid="deposit-choose-network">
          <strong>{t('deposit.chooseNetwork')}</strong>
          <span>{t('deposit.chooseNetworkHint')}</span>
        </div>
      ) : open && tokenOption && chosen ? (
        <DepositAddress token={tokenOption.token} network={chosen.network} />
      ) : (
        <EmptyState
          testId="deposit-unavailable"
          tone="warning"
          icon={<DepositIcon size={32} />}
          title={t('errors.depositUnavailable')}
          description={t('deposit.unavailableHint')}
        />
      )}
    </>
  );
}

/** The token asked for, and its network: only one the person chose (or the link named). */
function pick(data: DepositOptions, token: string, network: ChainNetwork | undefined) {
  const tokenOption = data.list.find((o) => o.token === token);
  const chosen = tokenOption?.networks.find((n) => n.network === network);
  return { tokenOption, chosen };
}

const networkNames: Record<ChainNetwork, string> = { ERC20: 'Ethereum', BEP20: 'BNB Smart Chain' };
const networkName = (network: ChainNetwork) => networkNames[network];

/**
 * A deposit of this token on its way (or credited since the page opened), newest first: the deposit
 * records are polled while the page is open (lib/live-refresh.ts).
 */
function ArrivingDeposit({ token }: { token: string }) {
  const { t } = useTranslation();
  const precisions = usePrecisions();
  const deposits = useDeposits();
  const [openedAt] = useState(() => Date.now());
  const latest = deposits.data?.pages[0]?.list.find(
    (r: DepositRecord) =>
      r.token === token &&
      (!isSettledDeposit(r) ||
        (r.status === 'completed' && r.processedAt !== null && Date.parse(r.processedAt) >= openedAt)),
  );
  if (!latest) return null;
  const amount = formatNumber(latest.amount, 'amount', {
    dp: amountDpOf(precisions, latest.token, latest.network),
  });
  const credited = latest.status === 'completed';
  const total = latest.requiredConfirmations;
  return (
    <Link
      to={`${paths.depositDetail}?id=${encodeURIComponent(latest.id)}`}
      state={{ record: latest }}
      className={`deposit-arriving${credited ? ' is-credited' : ''}`}
      data-testid="deposit-arriving"
      data-status={latest.status}
      aria-live="polite"
    >
      <span className="deposit-arriving__text">
        <strong>
          {credited
            ? t('deposit.credited', { amount, token: latest.token })
            : t('deposit.detected', { n: Math.min(latest.confirmations, total), total })}
        </strong>
        {!credited && <span>{t('deposit.detectedAmount', { amount, token: latest.token, total })}</span>}
      </span>
      <span className="deposit-arriving__go">
        {t('deposit.viewDeposit')}
        <ChevronRightIcon size={14} />
      </span>
    </Link>
  );
}

function DepositAddress({ token, network }: { token: string; network: ChainNetwork }) {
  const { t } = useTranslation();
  const precisions = usePrecisions();
  const info = useDepositInfo(token, network, true);
  const qr = useRef<HTMLElement>(null);

  if (info.isError && !info.data) {
    return <LoadError error={info.error} onRetry={() => void info.refetch()} />;
  }
  if (!info.data) return <SkeletonCard tall lines={3} />;

  const { address, minDeposit, confirmations, contractAddress } = info.data;
  const dp = amountDpOf(precisions, token, network);
  const min = formatNumber(minDeposit, 'amount', { dp });

  const saveQr = async () => {
    const svg = qr.current?.querySelector('svg');
    if (!svg) return;
    try {
      const png = await qrCardPng(svg, [t('deposit.qrCaption', { token, network }), address]);
      const outcome = await shareOrSavePng(png, `tradeflip-${token}-${network}-deposit.png`);
      if (outcome === 'saved') showToast(t('deposit.qrSaved'));
    } catch {
      showToast(t('deposit.qrSaveFailed'));
    }
  };

  return (
    <>
      {/* Above the fold: what must not be sent, before the address. */}
      <div className="record-note deposit-warning" role="note" data-testid="deposit-warning">
        <strong>{t('deposit.warningTitle')}</strong>
        <ul>
          <li>{t('deposit.warningOnly', { token, network })}</li>
          <li>{t('deposit.warningMin', { min, token })}</li>
          <li>{t('deposit.warningConfirm', { n: confirmations })}</li>
        </ul>
      </div>

      <section className="deposit-card" data-testid="deposit-info">
        <QrCode
          ref={qr}
          value={address}
          label={t('deposit.qrLabel', { token, network })}
          testId="deposit-qr"
        />
        <p className="deposit-card__label">{t('deposit.address')}</p>
        <p className="deposit-card__address" data-testid="deposit-address">
          {address}
        </p>
        <p className="deposit-card__hint">{t('deposit.addressHint', { token, network })}</p>
        <div className="deposit-card__actions">
          <button
            type="button"
            className="btn btn--ghost"
            data-testid="deposit-save-qr"
            onClick={() => void saveQr()}
          >
            <ShareIcon size={18} />
            {t('deposit.saveQr')}
          </button>
          <button
            type="button"
            className="btn btn--primary"
            data-testid="deposit-copy"
            onClick={() => {
              void copyText(address).then((ok) => ok && showToast(t('common.copied')));
            }}
          >
            <CopyIcon size={18} />
            {t('deposit.copyAddress')}
          </button>
        </div>
        <ExplorerLink href={info.data.explorerAddressUrl} testId="deposit-explorer" />
      </section>

      <DetailList testId="deposit-limits">
        <DetailRow label={t('deposit.minDeposit')} testId="deposit-min">
          {min} {token}
        </DetailRow>
        <DetailRow label={t('deposit.confirmations')} testId="deposit-confirmations">
          {t('deposit.blocks', { n: confirmations })}
        </DetailRow>
        <DetailRow
          label={t('deposit.contract')}
          testId="deposit-contract"
          mono
          copy={contractAddress}
          full={contractAddress}
        >
          {shortenMiddle(contractAddress)}
        </DetailRow>
      </DetailList>

      <Link to={paths.depositList} className="btn btn--ghost btn--block" data-testid="deposit-records">
        <RecordsIcon size={18} />
        {t('deposit.records')}
      </Link>
    </>
  );
}

function DepositSkeleton() {
  return (
    <div aria-busy="true">
      <div className="deposit-skeleton deposit-skeleton--picker" />
      <div className="deposit-skeleton deposit-skeleton--picker" />
      <SkeletonCard tall lines={3} />
    </div>
  );
}
