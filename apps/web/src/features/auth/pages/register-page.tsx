import { Link, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths, safeRedirect } from '@/lib/paths';
import { zodResolver } from '@hookform/resolvers/zod';
import type { RegisterBody } from '@tradeflip/contract';
import { Form, SubmitButton } from '@/components/form/form';
import { TextField } from '@/components/form/text-field';
import { useZodForm } from '@/components/form/use-zod-form';
import { useAntiRepeat } from '@/lib/anti-repeat';
import { setSession } from '@/lib/session';
import { showToast } from '@/lib/toast';
import { useRegister } from '../api/register';
import { CodeField, EmailField } from '../components/auth-fields';
import { AuthLayout } from '../components/auth-layout';
import { useSendCodeFlow } from '../hooks/use-send-code';
import { registerForm } from '../schemas';

type Values = RegisterBody & { confirmPassword: string };
// Raw: the form sends what was typed (trimmed), the server normalises it.
const resolver = zodResolver(registerForm, undefined, { raw: true });
const dependents = { password: ['confirmPassword' as const] };

export function RegisterPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const redirect = params.get('redirect');
  // An invite link is /pages/register/index?code=INVITE (DESIGN §9).
  const form = useZodForm<Values>({
    defaultValues: {
      email: '',
      code: '',
      password: '',
      confirmPassword: '',
      inviteCode: params.get('code')?.trim() ?? '',
    },
    resolver,
    dependents,
  });
  const register = useRegister();
  const code = useSendCodeFlow('register', form);

  const signUp = async ({ email, code: emailCode, password, inviteCode }: Values) => {
    try {
      const result = await register.mutateAsync({
        email: email.trim(),
        code: emailCode.trim(),
        password,
        ...(inviteCode?.trim() ? { inviteCode: inviteCode.trim() } : {}),
      });
      setSession({ token: result.token, user: { id: result.user.id, email: result.user.email } });
      showToast(t('auth.registered'));
      void navigate(safeRedirect(redirect), { replace: true });
    } catch (err) {
      form.reportServerError(err);
    }
  };
  const submit = useAntiRepeat(form.submit(signUp));

  const carry = redirect ? `?redirect=${encodeURIComponent(redirect)}` : '';

  return (
    <AuthLayout
      title={t('titles.register')}
      heading={t('auth.registerHeading')}
      subtitle={t('auth.registerSubtitle')}
      footer={
        <>
          <span>{t('auth.haveAccount')}</span>{' '}
          <Link to={`${paths.login}${carry}`} replace>
            {t('auth.goSignIn')}
          </Link>
        </>
      }
    >
      <Form className="auth__form" onSubmit={submit}>
        <EmailField {...form.field('email')} />
        <CodeField {...form.field('code')} code={code} />
        <TextField
          {...form.field('password')}
          label={t('auth.password')}
          type="password"
          autoComplete="new-password"
          placeholder={t('auth.newPasswordPlaceholder')}
        />
        <TextField
          {...form.field('confirmPassword')}
          label={t('auth.confirmPassword')}
          type="password"
          autoComplete="new-password"
          placeholder={t('auth.confirmPasswordPlaceholder')}
        />
        <TextField
          {...form.field('inviteCode')}
          label={t('auth.inviteCode')}
          hint={t('common.optional')}
          autoComplete="off"
          maxLength={32}
          placeholder={t('auth.inviteCodePlaceholder')}
        />
        <SubmitButton loading={register.isPending} className="auth__submit">
          {t('auth.register')}
        </SubmitButton>
      </Form>
    </AuthLayout>
  );
}
