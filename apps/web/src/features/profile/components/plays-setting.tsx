// The player's say in the live plays feed (GET/PUT /api/app/plays/settings): keep their plays out of
// it, or show their stake and result there (off until they choose, as on the share card). While their
// plays are hidden no amount of theirs is shown either: that switch waits, greyed, saying why, and its
// stored choice stays for when the plays are shown again.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PlayFeedSettings } from '@tradeflip/api';
import * as routes from '@tradeflip/api/routes';
import '@/components/plays-feed/texts';
import { api } from '@/lib/http';
import { useSession } from '@/lib/session';
import { showError } from '@/lib/toast';

export function PlaysSetting() {
  const { t } = useTranslation();
  const session = useSession();
  const client = useQueryClient();
  const queryKey = ['plays', 'settings', session?.user.id ?? ''];
  const settings = useQuery({
    queryKey,
    queryFn: ({ signal }) => api(routes.plays.settings, { silent: true, signal }).then(({ data }) => data),
    enabled: Boolean(session),
  });
  const [saving, setSaving] = useState(false);
  if (!session || !settings.data) return null;
  const current = settings.data;
  const save = (next: PlayFeedSettings) => {
    setSaving(true);
    api(routes.plays.saveSettings, { body: next, silent: true })
      .then(({ data }) => client.setQueryData(queryKey, data))
      .catch((error: unknown) => showError(error))
      .finally(() => setSaving(false));
  };
  const switches = [
    { key: 'hidden', label: t('plays.hide'), hint: t('plays.hideHint'), on: current.hidden, waits: false },
    {
      key: 'showAmounts',
      label: t('plays.showAmounts'),
      hint: t(current.hidden ? 'plays.showAmountsWhileHidden' : 'plays.showAmountsHint'),
      on: current.showAmounts,
      waits: current.hidden,
    },
  ] as const;
  return (
    <section className="menu plays-setting" aria-labelledby="plays-setting-title">
      <h2 className="menu__title" id="plays-setting-title">
        {t('plays.settings')}
      </h2>
      <div className="plays-setting__list">
        {switches.map((item) => (
          <button
            key={item.key}
            type="button"
            role="switch"
            aria-checked={item.on}
            disabled={saving || item.waits}
            className={item.waits ? 'plays-setting__switch is-waiting' : 'plays-setting__switch'}
            data-testid={`plays-${item.key}`}
            onClick={() => save({ ...current, [item.key]: !item.on })}
          >
            <span className="plays-setting__text">
              <span className="plays-setting__label">{item.label}</span>
              <span className="plays-setting__hint">{item.hint}</span>
            </span>
            <span
              className={item.on ? 'plays-setting__knob is-on' : 'plays-setting__knob'}
              aria-hidden="true"
            />
          </button>
        ))}
      </div>
    </section>
  );
}
