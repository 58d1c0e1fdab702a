import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { loginPath, paths } from '@/lib/paths';
import { BalanceSummary } from '@/components/balance-summary';
import { CopyButton } from '@/components/copy-button';
import {
  CrownIcon,
  DepositIcon,
  FeedbackIcon,
  GiftIcon,
  GlobeIcon,
  LockIcon,
  ShieldIcon,
  UserIcon,
  WalletIcon,
  WithdrawIcon,
} from '@/components/icons';
import { NoticeBell } from '@/components/notices/notice-bell';
import { useDocumentTitle } from '@/components/page-frame';
import { useLanguage } from '@/lib/i18n';
import { useSession } from '@/lib/session';
import { useMe } from '@/lib/me';
import { useVipStatus } from '@/lib/vip-status';
import { MenuList, menuItem } from '../components/menu-list';
import { PlaysSetting } from '../components/plays-setting';
import { UpColorSetting } from '../components/up-color-setting';
import './profile.css';

// Web Push's opt-in loads after the page (until the notification centre holds it).

export function ProfilePage() {
  const { t } = useTranslation();
  const session = useSession();
  const language = useLanguage();
  useDocumentTitle(t('titles.profile'));
  const languageName = language === 'zh-CN' ? t('language.zhCN') : t('language.enUS');

  return (
    <div className="tab-page profile">
      <header className="tab-page__header profile__header">
        <h1 className="tab-page__title">{t('titles.profile')}</h1>
        {session && (
          <span className="notice-bell-slot">
            <NoticeBell />
          </span>
        )}
      </header>
      {session ? <UserCard email={session.user.email} /> : <SignedOutCard />}
      {session && <BalanceSummary />}
      <MenuList
        title={t('profile.sectionWallet')}
        items={[
          menuItem(paths.assetTotal, WalletIcon, t('profile.assets'), 'menu-assets'),
          menuItem(paths.depositList, DepositIcon, t('profile.depositRecords'), 'menu-deposit-records'),
          menuItem(paths.withdrawList, WithdrawIcon, t('profile.withdrawRecords'), 'menu-withdraw-records'),
        ]}
      />
      <MenuList
        title={t('profile.sectionMore')}
        items={[
          menuItem(paths.invite, GiftIcon, t('profile.invite'), 'menu-invite'),
          menuItem(paths.vip, CrownIcon, t('profile.vip'), 'menu-vip'),
          menuItem(paths.feedback, FeedbackIcon, t('profile.feedback'), 'menu-feedback'),
        ]}
      />
      <MenuList
        title={t('profile.sectionSettings')}
        items={[
          menuItem(paths.account, ShieldIcon, t('profile.account'), 'menu-account'),
          menuItem(paths.password, LockIcon, t('profile.password'), 'menu-password'),
          menuItem(paths.language, GlobeIcon, t('profile.language'), 'menu-language', languageName),
        ]}
      />
      <UpColorSetting />
      <PlaysSetting />
    </div>
  );
}

function UserCard({ email }: { email: string }) {
  const { t } = useTranslation();
  const me = useMe();
  const vip = useVipStatus();
  const inviteCode = me.data?.inviteCode;
  const shownEmail = me.data?.email ?? email;
  return (
    <section className="profile-card" data-testid="profile-user">
      <div className="profile-card__avatar" aria-hidden="true">
        {(shownEmail[0] ?? '?').toUpperCase()}
      </div>
      <div className="profile-card__main">
        <p className="profile-card__email" data-testid="profile-email">
          {shownEmail}
        </p>
        {vip.data && (
          <Link
            to={paths.vip}
            className="profile-card__vip"
            data-testid="profile-vip"
            aria-label={t('profile.vipBadge', { n: vip.data.level })}
          >
            <CrownIcon size={14} />
            VIP{vip.data.level}
          </Link>
        )}
        <p className="profile-card__meta">
          <span>{t('profile.inviteCode')}</span>
          <span className="profile-card__code" data-testid="profile-invite-code">
            {inviteCode ?? '—'}
          </span>
          {inviteCode && <CopyButton text={inviteCode} />}
        </p>
      </div>
    </section>
  );
}

function SignedOutCard() {
  const { t } = useTranslation();
  return (
    <section className="profile-card profile-card--guest" data-testid="profile-guest">
      <div className="profile-card__avatar profile-card__avatar--guest" aria-hidden="true">
        <UserIcon size={26} />
      </div>
      <div className="profile-card__main">
        <p className="profile-card__email">{t('profile.signedOutTitle')}</p>
        <p className="profile-card__hint">{t('profile.signedOutHint')}</p>
        <div className="profile-card__actions">
          <Link to={loginPath(paths.profile)} className="btn btn--primary">
            {t('profile.signIn')}
          </Link>
          <Link
            to={`${paths.register}?redirect=${encodeURIComponent(paths.profile)}`}
            className="btn btn--ghost"
          >
            {t('profile.register')}
          </Link>
        </div>
      </div>
    </section>
  );
}
