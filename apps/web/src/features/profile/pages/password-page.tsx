import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { changePasswordBody } from '@tradeflip/contract';
import { paths } from '@/lib/paths';
import { Form, SubmitButton } from '@/components/form/form';
import { repeatOf } from '@/components/form/repeat';
import { TextField } from '@/components/form/text-field';
import { useZodForm } from '@/components/form/use-zod-form';
import { PageFrame } from '@/components/page-frame';
import { useGoBack } from '@/components/use-go-back';
import { useAntiRepeat } from '@/lib/anti-repeat';
import { setSession } from '@/lib/session';
import { showToast } from '@/lib/toast';
import { useChangePassword } from '../api/change-password';
import './profile.css';

// The server's body (packages/contract) and the repeated new password.
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
    try {
      const result = await change.mutateAsync({ oldPassword, newPassword });
      // The old tokens are revoked; keep going with the new session.
      setSession({ token: result.token, user: { id: result.user.id, email: result.user.email } });
      void queryClient.invalidateQueries({ queryKey: ['user', 'me'] });
      showToast(t('password.changed'));
      goBack();
    } catch (err) {
      form.reportServerError(err);
    }
  };
  const submit = useAntiRepeat(form.submit(changePassword));

  return (
    <PageFrame title={t('titles.password')}>
      <Form className="password-form" onSubmit={submit}>
        <TextField
          {...form.field('oldPassword')}
          label={t('password.oldPassword')}
          type="password"
          autoComplete="current-password"
          placeholder={t('password.oldPasswordPlaceholder')}
        />
        <TextField
          {...form.field('newPassword')}
          label={t('password.newPassword')}
          type="password"
          autoComplete="new-password"
          placeholder={t('auth.newPasswordPlaceholder')}
        />
        <TextField
          {...form.field('confirmPassword')}
          label={t('password.confirmPassword')}
          type="password"
          autoComplete="new-password"
          placeholder={t('auth.confirmPasswordPlaceholder')}
        />
        <SubmitButton loading={change.isPending}>{t('password.submit')}</SubmitButton>
      </Form>
    </PageFrame>
  );
}
