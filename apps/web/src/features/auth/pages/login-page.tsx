import { Link, useLocation, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '@/lib/paths';
import type { LoginBody } from '@tradeflip/api';
import { Form, SubmitButton } from '@/components/form/form';
import { lazyResolver } from '@/components/form/lazy-resolver';
import { PasswordField } from '@/components/form/password-field';
import { useZodForm } from '@/components/form/use-zod-form';
import { useAntiRepeat } from '@/lib/anti-repeat';
import { preloadLogin, useLogin } from '../api/login';
import { EmailField } from '../components/auth-fields';
import { AuthLayout, AuthSwitch } from '../components/auth-layout';
import { useAuthReturn } from '../hooks/use-auth-return';

// The first page many people see: its rules (zod) and the HTTP client load once they start
// filling the form in, not with the page.
const rules = lazyResolver(() => import('../login-resolver').then((m) => m.loginResolver));

export function LoginPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const back = useAuthReturn();
  const location = useLocation();
  const forced = params.get('from') === 'force';
  const prefill = (location.state as { email?: string } | null)?.email ?? '';
  const form = useZodForm<LoginBody, LoginBody>({
    defaultValues: { email: prefill, password: '' },
    resolver: rules.resolver,
    preload: rules.preload,
  });
  const login = useLogin();

  const signIn = async (body: LoginBody) => {
    const session = await login.mutateAsync({ email: body.email.trim(), password: body.password });
    back.signedIn(session, t('auth.signedIn'));
  };
  const submit = useAntiRepeat(form.submitCall(signIn));

  return (
    <AuthLayout
      title={t('titles.login')}
      heading={t('auth.signInHeading')}
      subtitle={t('auth.signInSubtitle')}
      banner={
        forced && (
          <div className="auth__banner" role="alert" data-testid="forced-logout">
            <strong>{t('auth.forcedTitle')}</strong>
            <span>{t('errors.forcedLogout')}</span>
          </div>
        )
      }
      footer={<AuthSwitch to="register" carry={back.carry} />}
    >
      <Form className="auth__form" onFocus={preloadLogin} onSubmit={submit}>
        <EmailField {...form.field('email')} />
        <PasswordField
          {...form.field('password')}
          purpose="current"
          label={t('auth.password')}
          placeholder={t('auth.passwordPlaceholder')}
        />
        <div className="auth__row-end">
          <Link to={paths.forgot} className="auth__link">
            {t('auth.forgotPassword')}
          </Link>
        </div>
        <SubmitButton loading={login.isPending} className="auth__submit">
          {t('auth.signIn')}
        </SubmitButton>
      </Form>
    </AuthLayout>
  );
}
