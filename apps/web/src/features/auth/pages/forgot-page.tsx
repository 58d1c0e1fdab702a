import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '@/lib/paths';
import { zodResolver } from '@hookform/resolvers/zod';
import type { ForgotBody } from '@tradeflip/api';
import { Form, SubmitButton } from '@/components/form/form';
import { PasswordField } from '@/components/form/password-field';
import { useZodForm } from '@/components/form/use-zod-form';
import { useAntiRepeat } from '@/lib/anti-repeat';
import { showToast } from '@/lib/toast';
import { useResetPassword } from '../api/forgot';
import { CodeField, EmailField } from '../components/auth-fields';
import { AuthLayout } from '../components/auth-layout';
import { useSendCodeFlow } from '../hooks/use-send-code';
import { forgotForm } from '../schemas';

// Raw: the form sends what was typed (trimmed), the server normalises it.
const resolver = zodResolver(forgotForm, undefined, { raw: true });

export function ForgotPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const form = useZodForm<ForgotBody>({
    defaultValues: { email: '', code: '', password: '' },
    resolver,
  });
  const reset = useResetPassword();
  const code = useSendCodeFlow('forgot', form);

  const resetPassword = async (values: ForgotBody) => {
    const email = values.email.trim();
    await reset.mutateAsync({ email, code: values.code.trim(), password: values.password });
    showToast(t('auth.resetDone'));
    void navigate(paths.login, { replace: true, state: { email } });
  };
  const submit = useAntiRepeat(form.submitCall(resetPassword));

  return (
    <AuthLayout
      title={t('titles.forgot')}
      heading={t('auth.forgotHeading')}
      subtitle={t('auth.forgotSubtitle')}
    >
      <Form className="auth__form" onSubmit={submit}>
        <EmailField {...form.field('email')} />
        <CodeField {...form.field('code')} code={code} />
        <PasswordField {...form.field('password')} purpose="new" label={t('auth.newPassword')} />
        <SubmitButton loading={reset.isPending} className="auth__submit">
          {t('auth.resetPassword')}
        </SubmitButton>
      </Form>
    </AuthLayout>
  );
}
