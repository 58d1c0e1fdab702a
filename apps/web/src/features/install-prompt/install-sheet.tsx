// The bottom sheet offering the install (z-index 10000), with the per-platform guide.
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showToast } from '@/lib/toast';
import { appLink, copyText } from './copy-link';
import { detectPlatform, SHEET_Z_INDEX, type InstallPlatform } from './install-state';
import styles from './install-sheet.module.css';

export interface InstallSheetProps {
  canInstallNatively: boolean;
  onInstall: () => Promise<'accepted' | 'dismissed' | 'unavailable'>;
  onLater: () => void;
  onNever: () => void;
  /** Tests pin the platform; otherwise detected from the user agent. */
  platform?: InstallPlatform;
}

export default function InstallSheet(props: InstallSheetProps) {
  const { canInstallNatively, onInstall, onLater, onNever } = props;
  const { t } = useTranslation();
  const [view, setView] = useState<'offer' | 'guide'>('offer');
  const [busy, setBusy] = useState(false);
  const [platform] = useState<InstallPlatform>(() => props.platform ?? detectPlatform());
  const titleId = useId();

  const copy = async () => {
    showToast((await copyText(appLink())) ? t('install.copied') : t('install.copyFailed'));
  };

  const install = async () => {
    if (busy) return;
    setBusy(true);
    try {
      const outcome = await onInstall();
      if (outcome === 'accepted') showToast(t('install.installed'));
      if (outcome === 'unavailable') setView('guide');
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className={styles.root} style={{ zIndex: SHEET_Z_INDEX }} data-testid="install-sheet">
      <div className={styles.backdrop} onClick={onLater} aria-hidden="true" />
      <section className={styles.sheet} role="dialog" aria-modal="true" aria-labelledby={titleId}>
        <button type="button" className={styles.close} aria-label={t('install.close')} onClick={onNever}>
          <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
            <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
        </button>

        {view === 'offer' ? (
          <>
            <div className={styles.head}>
              <img className={styles.icon} src="/icons/icon-192.png" alt="" width="56" height="56" />
              <div>
                <h2 id={titleId} className={styles.title}>
                  {t('install.title')}
                </h2>
                <p className={styles.subtitle}>{t('install.subtitle')}</p>
              </div>
            </div>
            {canInstallNatively ? (
              <button type="button" className={styles.primary} onClick={() => void install()} disabled={busy}>
                {t('install.installNow')}
              </button>
            ) : (
              <button type="button" className={styles.primary} onClick={() => setView('guide')}>
                {t('install.howToInstall')}
              </button>
            )}
          </>
        ) : (
          <>
            <h2 id={titleId} className={styles.title}>
              {t('install.guideTitle')}
            </h2>
            <Guide platform={platform} onCopy={() => void copy()} />
            <button type="button" className={styles.link} onClick={() => setView('offer')}>
              {t('install.back')}
            </button>
          </>
        )}

        <div className={styles.actions}>
          <button type="button" className={styles.secondary} onClick={onLater}>
            {t('install.later')}
          </button>
          <button type="button" className={styles.secondary} onClick={() => void copy()}>
            {t('install.copyLink')}
          </button>
        </div>
      </section>
    </div>
  );
}

function Guide({ platform, onCopy }: { platform: InstallPlatform; onCopy: () => void }) {
  const { t } = useTranslation();
  switch (platform) {
    case 'ios-safari':
      return (
        <div className={styles.guide} data-guide="ios-safari">
          <h3>{t('install.iosSafari.title')}</h3>
          <ol>
            <li>
              {t('install.iosSafari.step1')} <ShareIcon />
            </li>
            <li>{t('install.iosSafari.step2')}</li>
            <li>{t('install.iosSafari.step3')}</li>
          </ol>
        </div>
      );
    case 'ios-other':
      return (
        <div className={styles.guide} data-guide="ios-other">
          <h3>{t('install.iosOther.title')}</h3>
          <p>{t('install.iosOther.text')}</p>
          <button type="button" className={styles.primary} onClick={onCopy}>
            {t('install.copyLink')}
          </button>
        </div>
      );
    case 'android':
      return (
        <div className={styles.guide} data-guide="android">
          <h3>{t('install.android.title')}</h3>
          <ol>
            <li>{t('install.android.step1')}</li>
            <li>{t('install.android.step2')}</li>
          </ol>
        </div>
      );
    default:
      return (
        <div className={styles.guide} data-guide="desktop">
          <h3>{t('install.desktop.title')}</h3>
          <ol>
            <li>
              {t('install.desktop.step1')} <InstallIcon />
            </li>
            <li>{t('install.desktop.step2')}</li>
          </ol>
        </div>
      );
  }
}

function ShareIcon() {
  return (
    <svg className={styles.inlineIcon} viewBox="0 0 24 24" aria-hidden="true">
      <path
        d="M12 3v12M8 7l4-4 4 4M6 11H5v10h14V11h-1"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

function InstallIcon() {
  return (
    <svg className={styles.inlineIcon} viewBox="0 0 24 24" aria-hidden="true">
      <rect x="3" y="4" width="18" height="13" rx="2" fill="none" stroke="currentColor" strokeWidth="1.8" />
      <path
        d="M12 7v6M9 10l3 3 3-3M8 20h8"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
