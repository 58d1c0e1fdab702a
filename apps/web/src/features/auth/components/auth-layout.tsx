import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '@/lib/paths';
import { PageFrame } from '@/components/page-frame';
import { BrandMark } from '@/components/icons';
import './auth.css';

interface AuthLayoutProps {
  title: string;
  heading: string;
  subtitle: string;
  banner?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
}

/** The sign-in, register and reset screens: title bar, a short brand header, the form, links. */
export function AuthLayout({ title, heading, subtitle, banner, children, footer }: AuthLayoutProps) {
  return (
    <PageFrame title={title} className="auth-page">
      <div className="auth">
        <div className="auth__head">
          <BrandMark size={44} />
          <h2 className="auth__heading">{heading}</h2>
          <p className="auth__subtitle">{subtitle}</p>
        </div>
        {banner}
        {children}
        {footer && <div className="auth__footer">{footer}</div>}
      </div>
    </PageFrame>
  );
}

/** What the footer asks and offers on the way to each screen. */
const switches = {
  register: { question: 'auth.noAccount', label: 'auth.goRegister' },
  login: { question: 'auth.haveAccount', label: 'auth.goSignIn' },
} as const;

/**
 * The footer's way to the other screen: "No account yet? Register" (replacing this screen), carrying
 * where to go once signed in (`carry`, from useAuthReturn).
 */
export function AuthSwitch({ to, carry }: { to: keyof typeof switches; carry: string }) {
  const { t } = useTranslation();
  return (
    <>
      <span>{t(switches[to].question)}</span>{' '}
      <Link to={`${paths[to]}${carry}`} replace>
        {t(switches[to].label)}
      </Link>
    </>
  );
}
