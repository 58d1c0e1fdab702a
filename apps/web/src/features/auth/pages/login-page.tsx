import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths, safeRedirect } from '@/lib/paths';
import type { LoginBody } from '@tradeflip/contract';
import { Form, SubmitButton } from '@/components/form/form';
import { lazyResolver } from '@/components/form/lazy-resolver';
import { TextField } from '@/components/form/text-field';
import { useZodForm } from '@/components/form/use-zod-form';
import { useAntiRepeat } from '@/lib/anti-repeat';
import { setSession } from '@/lib/session';
import { showToast } from '@/lib/toast';
import { preloadLogin, useLogin } from '../api/login';
import { EmailField } from '../components/auth-fields';
import { AuthLayout } from '../components/auth-layout';

// The first page many people see: its rules (zod) and the HTTP client load once they start
// filling the form in, not with the page.
const rules = lazyResolver(() => import('../login-resolver').then((m) => m.loginResolver));

export function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const location = useLocation();
  const forced = params.get('from') === 'force';
  const redirect = params.get('redirect');
  const prefill = (location.state as { email?: string } | null)?.email ?? '';
  const form = useZodForm<LoginBody, LoginBody>({
    defaultValues: { email: prefill, password: '' },
    resolver: rules.resolver,
    preload: rules.preload,
  });
  const login = useLogin();

  const signIn = async (body: LoginBody) => {
    try {
      const result = await login.mutateAsync({ email: body.email.trim(), password: body.password });
      setSession({ token: result.token, user: { id: result.user.id, email: result.user.email } });
      showToast(t('auth.signedIn'));
      void navigate(safeRedirect(redirect), { replace: true });
    } catch (err) {
      form.reportServerError(err);
    }
  };
  const submit = useAntiRepeat(form.submit(signIn));

  // Keep ?redirect when moving between the auth screens, so sign-in still comes back.
  const carry = redirect ? `?redirect=${encodeURIComponent(redirect)}` : '';

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
      footer={
        <>
          <span>{t('auth.noAccount')}</span>{' '}
          <Link to={`${paths.register}${carry}`} replace>
            {t('auth.goRegister')}
          </Link>
        </>
      }
    >
      <Form className="auth__form" onFocus={preloadLogin} onSubmit={submit}>
        <EmailField {...form.field('email')} />
        <TextField
          {...form.field('password')}
          label={t('auth.password')}
          type="password"
          autoComplete="current-password"
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
