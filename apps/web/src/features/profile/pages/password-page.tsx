import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { paths } from '@/lib/paths';
import { Form, SubmitButton } from '@/components/form/form';
import { TextField } from '@/components/form/text-field';
import { useForm } from '@/components/form/use-form';
import { newPasswordRule, oldPasswordRule, repeatRule } from '@/components/form/validators';
import { PageFrame } from '@/components/page-frame';
import { useGoBack } from '@/components/use-go-back';
import { isApiError } from '@/lib/http';
import { useAntiRepeat } from '@/lib/anti-repeat';
import { setSession } from '@/lib/session';
import { showToast } from '@/lib/toast';
import { useChangePassword } from '../api/change-password';
import './profile.css';

type Field = 'oldPassword' | 'newPassword' | 'confirmPassword';
const validators = {
  oldPassword: oldPasswordRule,
  newPassword: newPasswordRule,
  confirmPassword: repeatRule<Field>('newPassword'),
};
const dependents = { newPassword: ['confirmPassword' as const] };

export function PasswordPage() {
  const { t } = useTranslation();
  const goBack = useGoBack(paths.account);
  const queryClient = useQueryClient();
  const form = useForm<Field>({
    initial: { oldPassword: '', newPassword: '', confirmPassword: '' },
    validators,
    dependents,
  });
  const change = useChangePassword();

  const submit = useAntiRepeat(async () => {
    const problem = await form.validateAll();
    if (problem) {
      showToast(problem);
      return;
    }
    try {
      const result = await change.mutateAsync({
        oldPassword: form.values.oldPassword,
        newPassword: form.values.newPassword,
      });
      // The old tokens are revoked; keep going with the new session.
      setSession({ token: result.token, user: { id: result.user.id, email: result.user.email } });
      void queryClient.invalidateQueries({ queryKey: ['user', 'me'] });
      showToast(t('password.changed'));
      goBack();
    } catch (err) {
      if (isApiError(err)) form.setServerErrors(err.fields);
    }
  });

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
