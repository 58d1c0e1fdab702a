// Withdraw (/pages/wallet/withdraw, optional ?token=USDT): pick the network, enter the address (typed,
// pasted, or picked from the address book) and the amount ('Max' fills the available balance less the
// fee), see the fee and what arrives, then confirm with the login password in a bottom sheet (or
// Cancel). The new withdrawal opens in its detail, reviewing. Messages show once: a field's under it,
// anything else as a toast.
import { useMemo, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { zodResolver } from '@hookform/resolvers/zod';
import { useWatch } from 'react-hook-form';
import {
  WITHDRAWAL_REVIEW_HOURS,
  type ChainNetwork,
  type WithdrawBody,
  type WithdrawConfig,
} from '@tradeflip/api';
import { Decimal, formatNumber, normalizeSymbol } from '@tradeflip/money';
import { paths } from '@/lib/paths';
import { DetailList, DetailRow } from '@/components/detail-list';
import { EmptyState } from '@/components/empty-state';
import { Form, SubmitButton } from '@/components/form/form';
import { TextField } from '@/components/form/text-field';
import { useZodForm } from '@/components/form/use-zod-form';
import { BookIcon, WithdrawIcon } from '@/components/icons';
import { LoadError } from '@/components/load-error';
import { OptionPicker } from '@/components/option-picker';
import { PageFrame } from '@/components/page-frame';
import { RecordsLink } from '@/components/records-link';
import { TokenLogo } from '@/components/token-logo';
import { SkeletonCard } from '@/components/skeleton';
import { useAntiRepeat } from '@/lib/anti-repeat';
import { isApiError, isCancel } from '@/lib/http';
import { useSession } from '@/lib/session';
import { showError, showToast } from '@/lib/toast';
import { useWithdrawConfig } from '../api/get-withdraw-config';
import { AddressBookSheet } from '../components/address-book-sheet';
import { withdrawalQueryOptions } from '../api/get-withdrawal';
import { useSubmitWithdrawal } from '../api/submit-withdrawal';
import { ConfirmSheet } from '../components/confirm-sheet';
import {
  amountProblem,
  amountVars,
  cleanAmountInput,
  maxAmount,
  withdrawFormSchema,
  type WithdrawValues,
} from '../components/withdraw-rules';
import '../components/withdraw.css';
import '@/lib/wallet-texts';

export function WithdrawPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = normalizeSymbol(params.get('token') || 'USDT');
  const config = useWithdrawConfig(token);
  return (
    <PageFrame
      title={t('titles.withdraw')}
      className="withdraw"
      right={
        <RecordsLink to={paths.withdrawList} label={t('withdraw.records')} testId="withdraw-records-link" />
      }
    >
      {config.data ? (
        <WithdrawForm config={config.data} />
      ) : config.isError ? (
        <LoadError error={config.error} onRetry={() => void config.refetch()} />
      ) : (
        <SkeletonCard lines={5} />
      )}
    </PageFrame>
  );
}

function WithdrawForm({ config }: { config: WithdrawConfig }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const session = useSession();
  const token = config.token;
  // The network is a field too: the amount's limits are the chosen network's.
  const form = useZodForm<WithdrawValues>({
    defaultValues: {
      network: (config.networks.find((n) => n.enabled) ?? config.networks[0])?.network ?? '',
      address: '',
      amount: '',
    },
    resolver: useMemo(() => zodResolver(withdrawFormSchema(config)), [config]),
  });
  const [network = '', typedAmount = ''] = useWatch({ control: form.control, name: ['network', 'amount'] });
  const chosen = config.networks.find((n) => n.network === network);
  const [sheetOpen, setSheetOpen] = useState(false);
  const [bookOpen, setBookOpen] = useState(false);
  const submit = useSubmitWithdrawal();
  // The key of a withdrawal sent without an answer (network error): sending the same again reuses it,
  // so the server makes it once.

  // An invalid form says so under its fields (the first one focused), not in a toast as well.
  const validate = form.submit(() => setSheetOpen(true));
  const openConfirm = useAntiRepeat(() => {
    if (!chosen?.enabled) {
      showToast(t('errors.withdrawUnavailable'));
      return;
    }
    return validate();
  });

  if (config.networks.length === 0 || !chosen) {
    return (
      <EmptyState
        testId="withdraw-unavailable"
        tone="warning"
        icon={<WithdrawIcon size={32} />}
        title={t('errors.withdrawUnavailable')}
      />
    );
  }

  const dp = chosen.amountDp;
  const amountField = form.field(
    'amount',
    amountVars({ token, available: config.available, network: chosen }),
  );
  const amountText = typedAmount.trim();
  // Figures only for an amount that would be taken: none for one the rules refuse (too fine, below
  // the minimum, beyond the balance with its fee), which the field's message says.
  const amountOk =
    /^\d+(\.\d+)?$/.test(amountText) &&
    !amountProblem(amountText, { token, available: config.available, network: chosen });
  const arrival = amountOk ? formatNumber(amountText, 'amount', { dp }) : '--';
  const total = amountOk ? formatNumber(new Decimal(amountText).plus(chosen.fee), 'amount', { dp }) : '--';

  const pasteAddress = async () => {
    try {
      const text = (await navigator.clipboard.readText()).trim();
      if (text) form.change('address', text);
    } catch {
      showToast(t('withdraw.pasteFailed'));
    }
  };

  const chooseNetwork = (next: ChainNetwork) => {
    form.setValue('network', next);
    // The minimum, fee and decimals change with the network: re-check an amount already typed.
    if (form.getValues('amount')) void form.trigger('amount'); // its verdict shows under the field
  };

  /** Sends the withdrawal; resolves with the server's words for the password when that is what is wrong. */
  const confirm = async (password: string): Promise<string | undefined> => {
    const body: WithdrawBody = {
      token,
      network: chosen.network,
      address: form.getValues('address').trim(),
      amount: amountText,
      password,
    };
    try {
      const record = await submit.mutateAsync(body);
      setSheetOpen(false);
      showToast(t('withdraw.submitted'));
      if (record?.id) {
        queryClient.setQueryData(withdrawalQueryOptions(session?.user.id ?? '', record.id).queryKey, record);
        void navigate(`${paths.withdrawDetail}?id=${encodeURIComponent(record.id)}`, {
          replace: true,
          state: { record },
        });
      } else {
        void navigate(paths.withdrawList, { replace: true });
      }
      return undefined;
    } catch (err) {
      if (isCancel(err)) return undefined;
      if (!isApiError(err)) {
        showError(err);
        return undefined;
      }
      const fields = err.fields ?? {};
      if (fields.password) return fields.password;
      if (!fields.address && !fields.amount && /password|credentials/.test(err.reason ?? '')) {
        return err.message;
      }
      // The server's words go under the field they are about; only what belongs to none is a toast.
      if (fields.address || fields.amount) {
        setSheetOpen(false);
        form.setServerErrors(fields);
        return undefined;
      }
      if (err.reason === 'insufficient_balance' || err.reason === 'insufficient_fee') {
        setSheetOpen(false);
        form.setServerError('amount', err.message);
        return undefined;
      }
      showToast(err.message);
      return undefined;
    }
  };

  return (
    <>
      <section className="withdraw-balance" data-testid="withdraw-balance">
        <span className="withdraw-balance__token">
          <TokenLogo symbol={token} size={42} />
        </span>
        <span className="withdraw-balance__label">{t('withdraw.available')}</span>
        <span className="withdraw-balance__value" data-testid="withdraw-available">
          {formatNumber(config.available, 'amount', { dp })}
        </span>
      </section>

      <Form className="withdraw-form" onSubmit={openConfirm}>
        <OptionPicker
          label={t('withdraw.network')}
          testIdPrefix="withdraw-network"
          value={chosen.network}
          onChange={chooseNetwork}
          options={config.networks.map((n) => ({
            value: n.network,
            label: n.network,
            hint: n.enabled
              ? t('withdraw.feeValue', { fee: formatNumber(n.fee, 'amount', { dp: n.amountDp }), token })
              : t('withdraw.unavailable'),
            muted: !n.enabled,
          }))}
        />
        {!chosen.enabled && (
          <p
            className="record-note record-note--danger"
            role="alert"
            data-testid="withdraw-network-unavailable"
          >
            {t('errors.withdrawUnavailable')}
          </p>
        )}
        <TextField
          {...form.field('address')}
          label={t('withdraw.address')}
          placeholder={t('withdraw.addressPlaceholder', { network: chosen.network })}
          autoComplete="off"
          enterKeyHint="next"
          data-testid="withdraw-address"
          suffix={
            <span className="withdraw-address-tools">
              <button type="button" onClick={() => void pasteAddress()} data-testid="withdraw-paste">
                {t('withdraw.paste')}
              </button>
              <button
                type="button"
                onClick={() => setBookOpen(true)}
                aria-label={t('withdraw.openAddressBook')}
                data-testid="withdraw-address-book"
              >
                <BookIcon size={20} />
              </button>
            </span>
          }
        />
        <TextField
          {...amountField}
          onChange={(e) => {
            e.target.value = cleanAmountInput(e.target.value); // digits and one point, as typed
            return amountField.onChange(e);
          }}
          label={t('withdraw.amount')}
          hint={`${t('withdraw.available')} ${formatNumber(config.available, 'amount', { dp })} ${token}`}
          placeholder={t('withdraw.amountPlaceholder', {
            min: formatNumber(chosen.minWithdrawal, 'amount', { dp: dp }),
          })}
          inputMode="decimal"
          autoComplete="off"
          enterKeyHint="done"
          data-testid="withdraw-amount"
          suffix={
            <>
              <span className="withdraw-unit">{token}</span>
              <button
                type="button"
                className="withdraw-max"
                data-testid="withdraw-max"
                onClick={() => form.change('amount', maxAmount(config.available, chosen))}
              >
                {t('withdraw.max')}
              </button>
            </>
          }
        />

        <DetailList testId="withdraw-summary">
          <DetailRow label={t('withdraw.minimum')} testId="withdraw-min">
            {formatNumber(chosen.minWithdrawal, 'amount', { dp: dp })} {token}
          </DetailRow>
          <DetailRow label={t('withdraw.fee')} testId="withdraw-fee">
            {formatNumber(chosen.fee, 'amount', { dp: dp })} {token}
          </DetailRow>
          <DetailRow label={t('withdraw.arrival')} testId="withdraw-arrival">
            {arrival} {token}
          </DetailRow>
          <DetailRow label={t('withdraw.total')} testId="withdraw-total">
            {total} {token}
          </DetailRow>
        </DetailList>

        <p className="withdraw-review-note">{t('withdraw.reviewNote', { hours: WITHDRAWAL_REVIEW_HOURS })}</p>

        <SubmitButton disabled={!chosen.enabled} testId="withdraw-submit">
          {t('withdraw.submit')}
        </SubmitButton>
      </Form>

      <AddressBookSheet
        visible={bookOpen}
        network={chosen.network}
        typedAddress={form.getValues('address')}
        onPick={(entry) => {
          if (entry.network !== chosen.network) chooseNetwork(entry.network);
          form.change('address', entry.address);
        }}
        onClose={() => setBookOpen(false)}
      />
      <ConfirmSheet
        visible={sheetOpen}
        onClose={() => setSheetOpen(false)}
        onConfirm={confirm}
        pending={submit.isPending}
        summary={{
          token,
          network: chosen.network,
          address: form.getValues('address').trim(),
          amount: arrival,
          fee: formatNumber(chosen.fee, 'amount', { dp: dp }),
          total,
        }}
      />
    </>
  );
}
