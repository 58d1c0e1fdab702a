import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '@/lib/paths';
import { Form, SubmitButton } from '@/components/form/form';
import { TextField } from '@/components/form/text-field';
import { useForm } from '@/components/form/use-form';
import { codeRule, emailRule, newPasswordRule } from '@/components/form/validators';
import { isApiError } from '@/lib/http';
import { useAntiRepeat } from '@/lib/anti-repeat';
import { showToast } from '@/lib/toast';
import { useResetPassword } from '../api/forgot';
import { CodeField, EmailField } from '../components/auth-fields';
import { AuthLayout } from '../components/auth-layout';
import { useSendCodeFlow } from '../hooks/use-send-code';

const validators = { email: emailRule, code: codeRule, password: newPasswordRule };

export function ForgotPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const form = useForm<'email' | 'code' | 'password'>({
    initial: { email: '', code: '', password: '' },
    validators,
  });
  const reset = useResetPassword();
  const code = useSendCodeFlow(
    'forgot',
    () => form.values.email,
    (key) => form.setFieldError('email', { key }),
    (fields) => form.setServerErrors(fields),
  );

  const submit = useAntiRepeat(async () => {
    const problem = await form.validateAll();
    if (problem) {
      showToast(problem);
      return;
    }
    const email = form.values.email.trim();
    try {
      await reset.mutateAsync({ email, code: form.values.code.trim(), password: form.values.password });
      showToast(t('auth.resetDone'));
      void navigate(paths.login, { replace: true, state: { email } });
    } catch (err) {
      if (isApiError(err)) form.setServerErrors(err.fields);
    }
  });

  return (
    <AuthLayout
      title={t('titles.forgot')}
      heading={t('auth.forgotHeading')}
      subtitle={t('auth.forgotSubtitle')}
    >
      <Form className="auth__form" onSubmit={submit}>
        <EmailField {...form.field('email')} />
        <CodeField {...form.field('code')} code={code} />
        <TextField
          {...form.field('password')}
          label={t('auth.newPassword')}
          type="password"
          autoComplete="new-password"
          placeholder={t('auth.newPasswordPlaceholder')}
        />
        <SubmitButton loading={reset.isPending} className="auth__submit">
          {t('auth.resetPassword')}
        </SubmitButton>
      </Form>
    </AuthLayout>
  );
}
