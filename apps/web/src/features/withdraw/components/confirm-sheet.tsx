// The withdrawal's last step: a bottom sheet with what will be sent where, and the login password
// (required) to confirm it, or an explicit Cancel. Closing it forgets the password.
import { useTranslation } from 'react-i18next';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { withdrawBody } from '@tradeflip/api';
import { DetailList, DetailRow } from '@/components/detail-list';
import { Form, SubmitButton } from '@/components/form/form';
import { Sheet } from '@/components/sheet';
import { PasswordField } from '@/components/form/password-field';
import { useZodForm } from '@/components/form/use-zod-form';
import { useAntiRepeat } from '@/lib/anti-repeat';

export interface WithdrawSummary {
  token: string;
  network: string;
  address: string;
  /** Display texts. */
  amount: string;
  fee: string;
  total: string;
}

interface ConfirmSheetProps {
  visible: boolean;
  summary: WithdrawSummary;
  pending: boolean;
  /** Sends it; resolves with the server's words for the password field when that was wrong. */
  onConfirm: (password: string) => Promise<string | undefined>;
  onClose: () => void;
}

export function ConfirmSheet({ visible, onClose, ...rest }: ConfirmSheetProps) {
  const { t } = useTranslation();
  return (
    <Sheet
      visible={visible}
      onClose={onClose}
      className="withdraw-sheet"
      title={t('withdraw.confirmTitle')}
      testId="withdraw-sheet"
    >
      <ConfirmBody {...rest} onCancel={onClose} />
    </Sheet>
  );
}

// The password as the withdrawal's body takes it (packages/api).
const resolver = zodResolver(z.object({ password: withdrawBody.shape.password }));

function ConfirmBody({
  summary,
  pending,
  onConfirm,
  onCancel,
}: Omit<ConfirmSheetProps, 'visible' | 'onClose'> & { onCancel: () => void }) {
  const { t } = useTranslation();
  const form = useZodForm({ defaultValues: { password: '' }, resolver });

  // Only sending is guarded against repeats: a missing password is said at every press.
  const send = useAntiRepeat(async (password: string) => {
    const problem = await onConfirm(password);
    if (problem) form.setServerError('password', problem);
  });
  const confirm = form.submit(({ password }) => send(password));

  return (
    <>
      <p className="sheet__amount" data-testid="withdraw-sheet-amount">
        {summary.amount} <small>{summary.token}</small>
      </p>
      <DetailList>
        <DetailRow label={t('withdraw.network')} testId="withdraw-sheet-network">
          {summary.network}
        </DetailRow>
        <DetailRow label={t('withdraw.address')} testId="withdraw-sheet-address" stacked mono>
          {summary.address}
        </DetailRow>
        <DetailRow label={t('withdraw.fee')} testId="withdraw-sheet-fee">
          {summary.fee} {summary.token}
        </DetailRow>
        <DetailRow label={t('withdraw.arrival')} testId="withdraw-sheet-arrival">
          {summary.amount} {summary.token}
        </DetailRow>
        <DetailRow label={t('withdraw.total')} testId="withdraw-sheet-total">
          {summary.total} {summary.token}
        </DetailRow>
      </DetailList>
      <Form className="sheet__form" onSubmit={confirm}>
        <PasswordField
          {...form.field('password')}
          purpose="current"
          label={t('withdraw.password')}
          placeholder={t('withdraw.passwordPlaceholder')}
          enterKeyHint="send"
          data-testid="withdraw-password"
        />
        <div className="sheet-actions">
          <button
            type="button"
            className="btn btn--ghost"
            onClick={onCancel}
            disabled={pending}
            data-testid="withdraw-sheet-cancel"
          >
            {t('common.cancel')}
          </button>
          <SubmitButton loading={pending} testId="withdraw-confirm">
            {t('withdraw.confirm')}
          </SubmitButton>
        </div>
      </Form>
    </>
  );
}
