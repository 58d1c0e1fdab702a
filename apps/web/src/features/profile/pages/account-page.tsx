import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import Button from 'antd-mobile/es/components/button';
import Dialog from 'antd-mobile/es/components/dialog';
import { paths } from '@/lib/paths';
import { CopyButton } from '@/components/copy-button';
import { LockIcon } from '@/components/icons';
import { PageFrame } from '@/components/page-frame';
import { useAntiRepeat } from '@/lib/anti-repeat';
import { useLanguage } from '@/lib/i18n';
import { clearSession, useSession } from '@/lib/session';
import { showToast } from '@/lib/toast';
import { useMe } from '../api/get-me';
import { useLogout } from '../api/logout';
import { MenuList } from '../components/menu-list';
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
        items={[
          {
            to: paths.password,
            icon: <LockIcon size={20} />,
            label: t('account.changePassword'),
            testId: 'account-change-password',
          },
        ]}
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
      <Dialog
        visible={confirming}
        content={t('account.signOutConfirm')}
        closeOnAction
        closeOnMaskClick
        onClose={() => setConfirming(false)}
        actions={[
          [
            { key: 'cancel', text: t('common.cancel') },
            {
              key: 'confirm',
              text: t('account.signOut'),
              bold: true,
              danger: true,
              onClick: () => void signOut(),
            },
          ],
        ]}
      />
    </PageFrame>
  );
}

function formatDate(iso: string, language: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return date.toLocaleDateString(language, { year: 'numeric', month: 'short', day: 'numeric' });
}
