import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import '@/lib/antd-locale';
import Button from 'antd-mobile/es/components/button';
import { paths } from '@/lib/paths';
import { CopyButton } from '@/components/copy-button';
import { LockIcon } from '@/components/icons';
import { PageFrame } from '@/components/page-frame';
import { Sheet } from '@/components/sheet';
import { useAntiRepeat } from '@/lib/anti-repeat';
import { formatDate } from '@/lib/format-time';
import { useLanguage } from '@/lib/i18n';
import { clearSession, useSession } from '@/lib/session';
import { showToast } from '@/lib/toast';
import { useMe } from '@/lib/me';
import { useLogout } from '../api/logout';
import { MenuList, menuItem } from '../components/menu-list';
import './profile.css';

export function AccountPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const session = useSession();
  const language = useLanguage();
  const me = useMe();
  const logout = useLogout();
  const email = me.data?.email ?? session?.user.email ?? '';
  const inviteCode = me.data?.inviteCode;
  const since = me.data?.createdAt ? formatDate(me.data.createdAt, language) : undefined;

  const [confirming, setConfirming] = useState(false);
  const signOut = useAntiRepeat(async () => {
    // Revoke on the server, but sign out here whatever it answers.
    await logout.mutateAsync().catch(() => undefined);
    void navigate(paths.home, { replace: true });
    clearSession();
    queryClient.clear();
    showToast(t('account.signedOut'));
  });

  return (
    <PageFrame title={t('titles.account')}>
      <section className="info-card" aria-label={t('titles.account')}>
        <div className="info-card__row">
          <span className="info-card__label">{t('account.email')}</span>
          <span className="info-card__value" data-testid="account-email">
            {email}
          </span>
        </div>
        <div className="info-card__row">
          <span className="info-card__label">{t('account.inviteCode')}</span>
          <span className="info-card__value info-card__value--code" data-testid="account-invite-code">
            {inviteCode ?? '—'}
            {inviteCode && <CopyButton text={inviteCode} />}
          </span>
        </div>
        {since && (
          <div className="info-card__row">
            <span className="info-card__label">{t('account.memberSince')}</span>
            <span className="info-card__value">{since}</span>
          </div>
        )}
      </section>
      <MenuList
        items={[menuItem(paths.password, LockIcon, t('account.changePassword'), 'account-change-password')]}
      />
      <Button
        block
        size="large"
        shape="rounded"
        className="account__signout"
        onClick={() => setConfirming(true)}
        loading={logout.isPending}
        data-testid="sign-out"
      >
        {t('account.signOut')}
      </Button>
      <Sheet
        visible={confirming}
        onClose={() => setConfirming(false)}
        title={t('account.signOutConfirm')}
        dialog
        testId="sign-out-sheet"
        cancel={t('common.cancel')}
        actions={
          <button
            type="button"
            className="btn btn--danger"
            onClick={() => {
              setConfirming(false);
              void signOut();
            }}
          >
            {t('account.signOut')}
          </button>
        }
      />
    </PageFrame>
  );
}
