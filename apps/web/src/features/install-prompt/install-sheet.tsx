// The bottom sheet offering the install (above everything: z-index 10000), with the per-platform
// guide; on the app's one Sheet. A tap outside or Later snoozes it, the ✕ means never.
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '@/components/icons';
import { Sheet } from '@/components/sheet';
import { showToast } from '@/lib/toast';
import { copyText } from '@/lib/copy-text';
import { detectPlatform, SHEET_Z_INDEX, type InstallPlatform } from './install-state';

/** The link to open the app: its start URL on this origin. */
const appLink = () => `${window.location.origin}/`;

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

  // The offer's action installs (or shows how); the guide's copies the link to open elsewhere.
  const action =
    view === 'guide' ? (
      <button type="button" className="btn btn--primary" onClick={() => void copy()}>
        {t('install.copyLink')}
      </button>
    ) : canInstallNatively ? (
      <button type="button" className="btn btn--primary" onClick={() => void install()} disabled={busy}>
        {t('install.installNow')}
      </button>
    ) : (
      <button type="button" className="btn btn--primary" onClick={() => setView('guide')}>
        {t('install.howToInstall')}
      </button>
    );

  return (
    <Sheet
      onClose={onLater}
      title={view === 'offer' ? t('install.title') : t('install.guideTitle')}
      dialog
      testId="install-sheet"
      zIndex={SHEET_Z_INDEX}
      close={{ label: t('install.close'), onClick: onNever }}
      cancel={t('install.later')}
      actions={action}
    >
      {view === 'offer' ? (
        <>
          <div className="sheet__lead">
            <img src="/icons/icon-192.png" alt="" width="56" height="56" />
            <p className="sheet__text">{t('install.subtitle')}</p>
          </div>
          <button type="button" className="sheet__link" onClick={() => void copy()}>
            {t('install.copyLink')}
          </button>
        </>
      ) : (
        <>
          <Guide platform={platform} />
          <button type="button" className="sheet__link" onClick={() => setView('offer')}>
            {t('install.back')}
          </button>
        </>
      )}
    </Sheet>
  );
}

// Drawn as the browsers draw them (Safari's Share, the address bar's install icon), so a step's icon
// matches the button it names.
const ShareIcon = () => (
  <Icon>
    <path d="M12 3v12M8 7l4-4 4 4M6 11H5v10h14V11h-1" />
  </Icon>
);

const InstallIcon = () => (
  <Icon>
    <rect x="3" y="4" width="18" height="13" rx="2" />
    <path d="M12 7v6M9 10l3 3 3-3M8 20h8" />
  </Icon>
);

/** Each platform's guide, from its catalog section (install.<section>): a title, then its numbered
 *  steps, an icon after a step that names a button; iOS outside Safari says a paragraph instead. */
const guides: Record<InstallPlatform, { section: string; steps: [step: string, icon?: ReactNode][] }> = {
  'ios-safari': { section: 'iosSafari', steps: [['step1', <ShareIcon />], ['step2'], ['step3']] },
  'ios-other': { section: 'iosOther', steps: [] },
  android: { section: 'android', steps: [['step1'], ['step2']] },
  desktop: { section: 'desktop', steps: [['step1', <InstallIcon />], ['step2']] },
};

function Guide({ platform }: { platform: InstallPlatform }) {
  const { t } = useTranslation();
  const { section, steps } = guides[platform];
  return (
    <div className="sheet__box" data-guide={platform}>
      <h3>{t(`install.${section}.title`)}</h3>
      {steps.length === 0 ? (
        <p>{t(`install.${section}.text`)}</p>
      ) : (
        <ol>
          {steps.map(([step, icon]) => (
            <li key={step}>
              {t(`install.${section}.${step}`)}
              {icon && <> {icon}</>}
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
