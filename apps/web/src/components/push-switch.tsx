// The notification centre's opt-in to Web Push on this device (issue 32 point 8). Loaded after the
// page's first paint (React.lazy), with its texts (packages/i18n push-ui.ts). On an iPhone or iPad in
// a Safari tab it explains that notifications need the app on the Home Screen first.
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { pushUiEn, pushUiZh } from '@tradeflip/i18n/push-ui';
import { isApiError } from '@/lib/http/errors';
import { i18n } from '@/lib/i18n';
import { requestInstallGuide } from '@/lib/install-request';
import { pushState, turnPushOff, turnPushOn, type PushState } from '@/lib/push';
import { showToast } from '@/lib/toast';
import './push-switch.css';

i18n.addResourceBundle('en-US', 'translation', pushUiEn, true, true);
i18n.addResourceBundle('zh-CN', 'translation', pushUiZh, true, true);

export default function PushSwitch() {
  const { t } = useTranslation();
  const [state, setState] = useState<PushState | undefined>();
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let live = true;
    void pushState().then((found) => live && setState(found));
    return () => {
      live = false;
    };
  }, []);

  const toggle = async (on: boolean) => {
    setBusy(true);
    try {
      const next = on ? await turnPushOn() : await turnPushOff();
      setState(next);
      if (next === 'on') showToast(t('pushUi.turnedOn'));
      else if (!on && next === 'off') showToast(t('pushUi.turnedOff'));
    } catch (error) {
      // A refusal of the server was toasted by the client already; the browser's own is not.
      if (!isApiError(error)) showToast(t('pushUi.failed'));
      setState(await pushState().catch(() => undefined));
    } finally {
      setBusy(false);
    }
  };

  if (state === undefined) return null;
  return (
    <section className="menu push-switch" aria-labelledby="push-switch-title" data-testid="push-switch">
      <h2 className="menu__title" id="push-switch-title">
        {t('pushUi.title')}
      </h2>
      <div className="push-switch__card" data-state={state}>
        {state === 'needs-install' ? (
          <>
            <p className="push-switch__heading">{t('pushUi.needsInstallTitle')}</p>
            <p className="push-switch__text" data-testid="push-needs-install">
              {t('pushUi.needsInstall')}
            </p>
            <button
              type="button"
              className="btn btn--ghost push-switch__install"
              onClick={requestInstallGuide}
            >
              {t('install.howToInstall')}
            </button>
          </>
        ) : state === 'unsupported' || state === 'denied' ? (
          <p className="push-switch__text" data-testid={`push-${state}`}>
            {t(state === 'denied' ? 'pushUi.denied' : 'pushUi.unsupported')}
          </p>
        ) : (
          <label className="push-switch__row">
            <span className="push-switch__label">
              <span className="push-switch__heading">
                {state === 'on' ? t('pushUi.on') : t('pushUi.turnOn')}
              </span>
              <span className="push-switch__text">{t('pushUi.description')}</span>
            </span>
            <input
              type="checkbox"
              role="switch"
              className="push-switch__input"
              checked={state === 'on'}
              disabled={busy}
              aria-busy={busy}
              onChange={(event) => void toggle(event.target.checked)}
              data-testid="push-toggle"
            />
          </label>
        )}
      </div>
    </section>
  );
}
