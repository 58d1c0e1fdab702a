// A page below the tab pages: a sticky title bar with a back button, and the page body.
import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ChevronRightIcon } from './icons';
import { useGoBack } from './use-go-back';
import './page-frame.css';

interface PageFrameProps {
  title: string;
  children?: ReactNode;
  /** Right side of the title bar. */
  right?: ReactNode;
  /** Hide the back button (tab pages). */
  noBack?: boolean;
  className?: string;
}

export function PageFrame({ title, children, right, noBack, className }: PageFrameProps) {
  const { t } = useTranslation();
  const goBack = useGoBack();
  useDocumentTitle(title);
  return (
    <div className={className ? `page-frame ${className}` : 'page-frame'}>
      <header className="title-bar">
        <div className="title-bar__side">
          {!noBack && (
            <button type="button" className="title-bar__back" onClick={goBack} aria-label={t('common.back')}>
              <ChevronRightIcon size={22} style={{ transform: 'rotate(180deg)' }} />
            </button>
          )}
        </div>
        <h1 className="title-bar__title">{title}</h1>
        <div className="title-bar__side title-bar__side--right">{right}</div>
      </header>
      <main className="page-frame__body">{children}</main>
    </div>
  );
}

export function useDocumentTitle(title: string) {
  const { t } = useTranslation();
  const brand = t('brand.name');
  useEffect(() => {
    document.title = documentTitle(title, brand);
  }, [title, brand]);
}

/** 'Sign in · TradeFlip'; just the brand for the brand's own page. */
export function documentTitle(title: string, brand: string): string {
  return title && title !== brand ? `${title} · ${brand}` : brand;
}
