// Deposit (/pages/wallet/deposit, optional ?token=USDT&network=BEP20): pick the token and network, then
// the user's own address with a QR code and a copy button, the minimum deposit, the confirmations it
// takes, and what not to send.
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ChainNetwork, DepositOptions } from '@tradeflip/contract';
import { amountDpOf, knownNetwork, normalizeSymbol } from '@tradeflip/money';
import { paths } from '@/lib/paths';
import { copyText } from '@/components/copy-button';
import { DetailList, DetailRow } from '@/components/detail-list';
import { EmptyState } from '@/components/empty-state';
import { CopyIcon, DepositIcon, RecordsIcon } from '@/components/icons';
import { LoadError } from '@/components/load-error';
import { OptionPicker } from '@/components/option-picker';
import { PageFrame } from '@/components/page-frame';
import { QrCode } from '@/components/qr-code';
import { RecordsLink } from '@/components/records-link';
import { displayLimit } from '@/lib/amount-limits';
import { usePrecisions } from '@/lib/precisions';
import { shortenMiddle } from '@/lib/shorten';
import { showToast } from '@/lib/toast';
import { useDepositInfo } from '../api/get-deposit-info';
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
  const [network, setNetwork] = useState<ChainNetwork | undefined>(() =>
    knownNetwork(params.get('network') ?? ''),
  );

  if (options.isError && !options.data) {
    return <LoadError title={t('errors.depositOptions')} onRetry={() => void options.refetch()} />;
  }
  if (!options.data) return <DepositSkeleton />;

  const { tokenOption, chosen } = pick(options.data, token, network);
  const open = Boolean(tokenOption?.enabled && chosen?.enabled);

  return (
    <>
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
      {open && tokenOption && chosen ? (
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

/** The token asked for, and its network: the one asked for, else the first open one. */
function pick(data: DepositOptions, token: string, network: ChainNetwork | undefined) {
  const tokenOption = data.list.find((o) => o.token === token);
  const networks = tokenOption?.networks ?? [];
  const chosen =
    networks.find((n) => n.network === network) ?? networks.find((n) => n.enabled) ?? networks[0];
  return { tokenOption, chosen };
}

const networkNames: Record<ChainNetwork, string> = { ERC20: 'Ethereum', BEP20: 'BNB Smart Chain' };
const networkName = (network: ChainNetwork) => networkNames[network];

function DepositAddress({ token, network }: { token: string; network: ChainNetwork }) {
  const { t } = useTranslation();
  const precisions = usePrecisions();
  const info = useDepositInfo(token, network, true);

  if (info.isError && !info.data) return <LoadError onRetry={() => void info.refetch()} />;
  if (!info.data) return <div className="deposit-card deposit-card--loading" aria-busy="true" />;

  const { address, minDeposit, confirmations, contractAddress } = info.data;
  const dp = amountDpOf(precisions, token, network);
  const min = displayLimit(minDeposit, dp);
  return (
    <>
      <section className="deposit-card" data-testid="deposit-info">
        <QrCode value={address} label={t('deposit.qrLabel', { token, network })} testId="deposit-qr" />
        <p className="deposit-card__label">{t('deposit.address')}</p>
        <p className="deposit-card__address" data-testid="deposit-address">
          {address}
        </p>
        <p className="deposit-card__hint">{t('deposit.addressHint', { token, network })}</p>
        <button
          type="button"
          className="btn btn--primary btn--block deposit-card__copy"
          data-testid="deposit-copy"
          onClick={() => {
            void copyText(address).then((ok) => ok && showToast(t('common.copied')));
          }}
        >
          <CopyIcon size={18} />
          {t('deposit.copyAddress')}
        </button>
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

      <div className="record-note deposit-warning" role="note" data-testid="deposit-warning">
        <strong>{t('deposit.warningTitle')}</strong>
        <ul>
          <li>{t('deposit.warningOnly', { token, network })}</li>
          <li>{t('deposit.warningMin', { min, token })}</li>
          <li>{t('deposit.warningConfirm', { n: confirmations })}</li>
        </ul>
      </div>

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
      <div className="deposit-card deposit-card--loading" />
    </div>
  );
}
