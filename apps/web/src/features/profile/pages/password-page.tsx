import { queryKeys } from '@/lib/query-keys';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { changePasswordBody } from '@tradeflip/api';
import { paths } from '@/lib/paths';
import { Form, SubmitButton } from '@/components/form/form';
import { repeatOf } from '@/components/form/repeat';
import { PasswordField } from '@/components/form/password-field';
import { useZodForm } from '@/components/form/use-zod-form';
import { PageFrame } from '@/components/page-frame';
import { useGoBack } from '@/components/use-go-back';
import { useAntiRepeat } from '@/lib/anti-repeat';
import { setSession } from '@/lib/session';
import { showToast } from '@/lib/toast';
import { useChangePassword } from '../api/change-password';
import './profile.css';

// The server's body (packages/api) and the repeated new password.
const passwordForm = changePasswordBody
  .extend({ confirmPassword: z.string() })
  .superRefine(repeatOf('newPassword', 'confirmPassword'));
type Values = z.input<typeof passwordForm>;
const resolver = zodResolver(passwordForm);
const dependents = { newPassword: ['confirmPassword' as const] };

export function PasswordPage() {
  const { t } = useTranslation();
  const goBack = useGoBack(paths.account);
  const queryClient = useQueryClient();
  const form = useZodForm<Values>({
    defaultValues: { oldPassword: '', newPassword: '', confirmPassword: '' },
    resolver,
    dependents,
  });
  const change = useChangePassword();

  const changePassword = async ({ oldPassword, newPassword }: Values) => {
    const result = await change.mutateAsync({ oldPassword, newPassword });
    // The old tokens are revoked; keep going with the new session.
    setSession({ token: result.token, user: { id: result.user.id, email: result.user.email } });
    void queryClient.invalidateQueries({ queryKey: queryKeys.mes });
    showToast(t('password.changed'));
    goBack();
  };
  const submit = useAntiRepeat(form.submitCall(changePassword));

  return (
    <PageFrame title={t('titles.password')}>
      <Form className="password-form" onSubmit={submit}>
        <PasswordField
          {...form.field('oldPassword')}
          purpose="current"
          label={t('password.oldPassword')}
          placeholder={t('password.oldPasswordPlaceholder')}
        />
        <PasswordField {...form.field('newPassword')} purpose="new" label={t('password.newPassword')} />
        <PasswordField
          {...form.field('confirmPassword')}
          purpose="repeat"
          label={t('password.confirmPassword')}
        />
        <SubmitButton loading={change.isPending}>{t('password.submit')}</SubmitButton>
      </Form>
    </PageFrame>
  );
}
