import type { ReactNode } from 'react';
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
