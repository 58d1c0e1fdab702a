import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { zodResolver } from '@hookform/resolvers/zod';
import type { RegisterBody } from '@tradeflip/api';
import { Form, SubmitButton } from '@/components/form/form';
import { PasswordField } from '@/components/form/password-field';
import { TextField } from '@/components/form/text-field';
import { useZodForm } from '@/components/form/use-zod-form';
import { useAntiRepeat } from '@/lib/anti-repeat';
import { useRegister } from '../api/register';
import { CodeField, EmailField } from '../components/auth-fields';
import { AuthLayout, AuthSwitch } from '../components/auth-layout';
import { useAuthReturn } from '../hooks/use-auth-return';
import { useSendCodeFlow } from '../hooks/use-send-code';
import { registerForm } from '../schemas';

type Values = RegisterBody & { confirmPassword: string };
// Raw: the form sends what was typed (trimmed), the server normalises it.
const resolver = zodResolver(registerForm, undefined, { raw: true });
const dependents = { password: ['confirmPassword' as const] };

export function RegisterPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const back = useAuthReturn();
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
    const result = await register.mutateAsync({
      email: email.trim(),
      code: emailCode.trim(),
      password,
      ...(inviteCode?.trim() ? { inviteCode: inviteCode.trim() } : {}),
    });
    back.signedIn(result, t('auth.registered'));
  };
  const submit = useAntiRepeat(form.submitCall(signUp));

  return (
    <AuthLayout
      title={t('titles.register')}
      heading={t('auth.registerHeading')}
      subtitle={t('auth.registerSubtitle')}
      footer={<AuthSwitch to="login" carry={back.carry} />}
    >
      <Form className="auth__form" onSubmit={submit}>
        <EmailField {...form.field('email')} />
        <CodeField {...form.field('code')} code={code} />
        <PasswordField {...form.field('password')} purpose="new" label={t('auth.password')} />
        <PasswordField
          {...form.field('confirmPassword')}
          purpose="repeat"
          label={t('auth.confirmPassword')}
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
