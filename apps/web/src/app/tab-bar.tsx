// The bottom tab bar of spec §2: Home and Profile, 50px high, selected colour #209cff.
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { HomeIcon, UserIcon } from '@/components/icons';
import { paths } from '@/lib/paths';

export type TabKey = 'home' | 'profile';

const tabs = [
  { key: 'home', to: paths.home, titleKey: 'tabs.home', Icon: HomeIcon },
  { key: 'profile', to: paths.profile, titleKey: 'tabs.profile', Icon: UserIcon },
] as const;

export function TabBar({ active }: { active: TabKey }) {
  // Retitles itself when the language changes (react-i18next re-renders on languageChanged).
  const { t } = useTranslation();
  return (
    <nav className="tab-bar" aria-label={t('common.tabs')} data-testid="tab-bar">
      {tabs.map(({ key, to, titleKey, Icon }) => {
        const selected = key === active;
        return (
          <Link
            key={key}
            to={to}
            replace
            className={selected ? 'tab-bar__item tab-bar__item--active' : 'tab-bar__item'}
            aria-current={selected ? 'page' : undefined}
            data-testid={`tab-${key}`}
          >
            <Icon size={24} strokeWidth={selected ? 2.1 : 1.8} />
            <span className="tab-bar__title">{t(titleKey)}</span>
          </Link>
        );
      })}
    </nav>
  );
}
