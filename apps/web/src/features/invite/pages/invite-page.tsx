// Invite friends (/pages/invite/index, spec: invite code, invite link, friends total, total reward,
// nickname, sign-up date, friend reward, rules): the code and the link with copy buttons, the link's QR
// (saved as an image) and the phone's share sheet; the totals; the friends and the rewards, a page at
// a time; the rules written from the configured rates. Every figure is the server's, exact.
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { InviteFriend, InviteReward, InviteSummary } from '@tradeflip/api';
import { formatNumber } from '@tradeflip/money';
import { EmptyState } from '@/components/empty-state';
import { CopyIcon, GiftIcon, ShareIcon } from '@/components/icons';
import { LoadError } from '@/components/load-error';
import { PageFrame } from '@/components/page-frame';
import { PagedList } from '@/components/paged-list';
import { QrCode } from '@/components/qr-code';
import { qrCardPng, shareOrSavePng } from '@/components/qr-share';
import { SkeletonCard } from '@/components/skeleton';
import { Tabs } from '@/components/tabs';
import { copyText } from '@/lib/copy-text';
import { formatDate, formatDateTime } from '@/lib/format-time';
import '@/lib/invite-texts';
import { inviteUrl } from '@/lib/paths';
import { showToast } from '@/lib/toast';
import { useInviteFriends, useInviteRewards, useInviteSummary } from '../api/invite-api';
import { rulesLines } from '../components/rules-text';
import './invite.css';

export function InvitePage() {
  const { t } = useTranslation();
  const summary = useInviteSummary();
  return (
    <PageFrame title={t('titles.invite')} className="invite">
      {summary.data ? (
        <InviteBody summary={summary.data} />
      ) : summary.isError ? (
        <LoadError error={summary.error} onRetry={() => void summary.refetch()} />
      ) : (
        <SkeletonCard />
      )}
    </PageFrame>
  );
}

function copy(text: string, t: (key: string) => string) {
  void copyText(text).then((ok) => ok && showToast(t('common.copied')));
}

function InviteBody({ summary }: { summary: InviteSummary }) {
  const { t, i18n } = useTranslation();
  const link = inviteUrl(summary.inviteCode);
  const qr = useRef<HTMLElement>(null);
  const [tab, setTab] = useState<'friends' | 'rewards'>('friends');
  // USDT first, then any other token a reward was paid in; 0 USDT before the first.
  const rewards = summary.rewards.length
    ? summary.rewards
    : [{ token: 'USDT', amount: '0', ownPlays: '0', friendsPlays: '0' }];

  const saveQr = async () => {
    const svg = qr.current?.querySelector('svg');
    if (!svg) return;
    const png = await qrCardPng(svg, [t('inviteUi.code'), summary.inviteCode]);
    const outcome = await shareOrSavePng(png, `tradeflip-invite-${summary.inviteCode}.png`);
    if (outcome === 'saved') showToast(t('inviteUi.cardSaved'));
  };
  const share = async () => {
    const data = {
      title: 'TradeFlip',
      text: t('inviteUi.shareText', { code: summary.inviteCode }),
      url: link,
    };
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share(data);
        return;
      } catch (err) {
        if (err instanceof DOMException && err.name === 'AbortError') return;
      }
    }
    // No share sheet here (most desktops): the link is copied instead.
    copy(link, t);
  };

  return (
    <>
      <section className="invite-hero">
        <GiftIcon size={28} />
        <div>
          <h2 className="invite-hero__title">{t('inviteUi.heroTitle')}</h2>
          <p className="invite-hero__text">{t('inviteUi.heroText')}</p>
        </div>
      </section>

      <section className="invite-stats" data-testid="invite-stats">
        <div>
          <span className="invite-stats__label">{t('inviteUi.friendsTotal')}</span>
          <b data-testid="invite-friends-total">{summary.friends}</b>
        </div>
        <div>
          <span className="invite-stats__label">{t('inviteUi.totalReward')}</span>
          {rewards.map((row) => (
            <b key={row.token} data-testid={`invite-reward-total-${row.token}`}>
              {formatNumber(row.amount, 'amount')} {row.token}
            </b>
          ))}
          {/* The total's two parts: rewards on the player's own plays come without any friend. */}
          {rewards.map((row) => (
            <small
              key={row.token}
              className="invite-stats__split"
              data-testid={`invite-reward-split-${row.token}`}
            >
              {t('inviteUi.rewardSplit', {
                own: formatNumber(row.ownPlays, 'amount'),
                friends: formatNumber(row.friendsPlays, 'amount'),
              })}
            </small>
          ))}
        </div>
      </section>

      <section className="invite-card" data-testid="invite-card">
        <div className="invite-card__row">
          <span className="invite-card__code-box">
            <span className="invite-card__label">{t('inviteUi.code')}</span>
            <b className="invite-card__code" data-testid="invite-code">
              {summary.inviteCode}
            </b>
          </span>
          <button
            type="button"
            className="btn btn--small btn--ghost"
            data-testid="invite-copy-code"
            onClick={() => copy(summary.inviteCode, t)}
          >
            <CopyIcon size={16} />
            {t('inviteUi.copyCode')}
          </button>
        </div>
        <div className="invite-card__row invite-card__row--link">
          <span className="invite-card__label">{t('inviteUi.link')}</span>
          <span className="invite-card__link" data-testid="invite-link" title={link}>
            {link}
          </span>
        </div>
        <QrCode ref={qr} value={link} size={168} label={t('inviteUi.qrLabel')} testId="invite-qr" />
        <div className="invite-card__actions">
          <button
            type="button"
            className="btn btn--ghost"
            data-testid="invite-save-qr"
            onClick={() => void saveQr()}
          >
            {t('inviteUi.saveQr')}
          </button>
          <button
            type="button"
            className="btn btn--ghost"
            data-testid="invite-share"
            onClick={() => void share()}
          >
            <ShareIcon size={18} />
            {t('inviteUi.share')}
          </button>
          <button
            type="button"
            className="btn btn--primary"
            data-testid="invite-copy-link"
            onClick={() => copy(link, t)}
          >
            <CopyIcon size={18} />
            {t('inviteUi.copyLink')}
          </button>
        </div>
      </section>

      <section className="invite-rules" data-testid="invite-rules">
        <h2 className="invite-rules__title">{t('inviteUi.rulesTitle')}</h2>
        <ol>
          {rulesLines(summary.rules, t).map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ol>
      </section>

      <Tabs
        tabs={[
          { value: 'friends', label: t('inviteUi.friends') },
          { value: 'rewards', label: t('inviteUi.rewards') },
        ]}
        active={tab}
        onChange={setTab}
        className="invite-tabs"
        testIdPrefix="invite-tab-"
      />
      {tab === 'friends' ? <FriendList language={i18n.language} /> : <RewardList />}
    </>
  );
}

function FriendList({ language }: { language: string }) {
  const { t } = useTranslation();
  const friends = useInviteFriends();
  return (
    <PagedList
      query={friends}
      testId="invite-friends"
      itemKey={(item: InviteFriend) => `${item.nickname}:${item.registeredAt}`}
      empty={
        <EmptyState
          testId="invite-no-friends"
          title={t('inviteUi.noFriends')}
          description={t('inviteUi.noFriendsHint')}
        />
      }
      renderItem={(item: InviteFriend) => (
        <div className="invite-row" data-testid="invite-friend">
          <div>
            <b className="invite-row__name">{item.nickname}</b>
            <span className="invite-row__sub">
              {t('inviteUi.signedUp', { date: formatDate(item.registeredAt, language) })}
            </span>
          </div>
          <div className="invite-row__amount">
            <span className="invite-row__sub">{t('inviteUi.friendReward')}</span>
            <b data-testid="invite-friend-reward">
              {item.rewards.length
                ? item.rewards.map((row) => `${formatNumber(row.amount, 'amount')} ${row.token}`).join(' · ')
                : '0 USDT'}
            </b>
          </div>
        </div>
      )}
    />
  );
}

function RewardList() {
  const { t } = useTranslation();
  const rewards = useInviteRewards();
  return (
    <PagedList
      query={rewards}
      testId="invite-rewards"
      itemKey={(item: InviteReward) => item.id}
      empty={
        <EmptyState
          testId="invite-no-rewards"
          title={t('inviteUi.noRewards')}
          description={t('inviteUi.noRewardsHint')}
        />
      }
      renderItem={(item: InviteReward) => {
        const what = {
          game: t(`inviteUi.game.${item.game}`),
          kind: t(`inviteUi.kind.${item.kind}`),
        };
        return (
          <div className="invite-row" data-testid="invite-reward">
            <div>
              <b className="invite-row__name">
                {item.friend
                  ? t('inviteUi.rewardFriend', { ...what, friend: item.friend })
                  : t('inviteUi.rewardOwn', what)}
              </b>
              <span className="invite-row__sub">{formatDateTime(item.createdAt)}</span>
            </div>
            <b className="invite-row__amount is-up">
              +{formatNumber(item.amount, 'amount')} {item.token}
            </b>
          </div>
        );
      }}
    />
  );
}
