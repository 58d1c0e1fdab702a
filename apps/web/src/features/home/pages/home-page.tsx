import { Suspense, type ReactNode } from 'react';
import { lazyPart } from '@/lib/lazy-part';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type * as SummaryModule from '@/components/balance-summary';
import { loadAppQueryClient } from '@/lib/app-query-client';
import { nextTask } from '@/lib/next-task';
import { DEFAULT_GAME_PAIR, gamePath, loginPath, paths } from '@/lib/paths';
import { readStorage, storageKeys } from '@/lib/storage-keys';
import {
  BoltIcon,
  BrandMark,
  ChartIcon,
  ChevronRightIcon,
  CrownIcon,
  AddToHomeIcon,
  DepositIcon,
  GiftIcon,
  WithdrawIcon,
} from '@/components/icons';
import { useDocumentTitle } from '@/components/page-frame';
import { WhenVisible } from '@/components/when-visible';
import { HeroPrices } from '../components/hero-prices';
import { requestInstallGuide, useStandalone } from '@/lib/install-request';
import { useSession } from '@/lib/session';
import './home.css';

// Home renders without TanStack Query for visitors (a fast first page); a signed-in person's balance
// summary brings the query client and HTTP client with it. Its libraries are run one per task (the
// money formatter with decimal.js, the wallet's texts, then the summary): run together, they were one
// long task on a slow phone.
let summaryModule: Promise<typeof SummaryModule> | undefined;
const loadSummary = () =>
  (summaryModule ??= (async () => {
    await import('@tradeflip/money');
    await nextTask();
    await import('@/lib/wallet-texts');
    await nextTask();
    const [summary] = await Promise.all([import('@/components/balance-summary'), loadAppQueryClient()]);
    return summary;
  })());
const BalanceSummary = lazyPart(() => loadSummary().then((m) => ({ default: m.BalanceSummary })));
// Each game card's count of bets still running, from the same chunk and overview.
const OpenPlays = lazyPart(() => loadSummary().then((m) => ({ default: m.OpenPlays })));
// The plays still running, one by one, under the game cards (nothing while none).
const OpenPlaysList = lazyPart(() => loadSummary().then((m) => ({ default: m.OpenPlaysList })));

// The market list (below the fold) brings the query client (the tickers live in its cache), zod and
// decimal.js with it when the person scrolls to it.
const TickerList = lazyPart(async () => {
  const [list] = await Promise.all([import('@/components/market/ticker-list'), loadAppQueryClient()]);
  return { default: list.TickerList };
});

// The notification centre's bell (signed in only), in a slot of its size, with the summary's chunk.
const NoticeBell = lazyPart(() => loadSummary().then((m) => ({ default: m.NoticeBell })));

export function HomePage() {
  const { t } = useTranslation();
  const session = useSession();
  useDocumentTitle(t('brand.name'));
  // The prerendered page offers the install; once running from the home screen the entry goes.
  const installed = useStandalone();

  return (
    <div className="tab-page home">
      <header className="home__header">
        <div className="home__brand">
          <BrandMark size={34} />
          <div>
            <h1 className="home__name">{t('brand.name')}</h1>
            <p className="home__tagline">{t('brand.tagline')}</p>
          </div>
        </div>
        <div className="home__actions">
          {session ? (
            <>
              <span className="notice-bell-slot" data-session-part="bell">
                <Suspense fallback={null}>
                  <NoticeBell />
                </Suspense>
              </span>
              <Link
                to={paths.profile}
                className="home__avatar"
                aria-label={t('tabs.profile')}
                data-session-part="avatar"
              >
                {(session.user.email[0] ?? '?').toUpperCase()}
              </Link>
            </>
          ) : (
            // The prerendered shell holds both: CSS shows the one for whoever opens it (app.css).
            <>
              <Link
                to={loginPath()}
                className="btn btn--small btn--primary visitor-only"
                data-testid="home-sign-in"
              >
                {t('home.signIn')}
              </Link>
              <span className="notice-bell-slot member-only" aria-hidden="true" data-session-part="bell" />
              <span className="home__avatar member-only" aria-hidden="true" data-session-part="avatar" />
            </>
          )}
        </div>
      </header>

      {session ? (
        <Suspense fallback={<div className="home__summary-slot" data-session-part="summary" />}>
          <BalanceSummary />
        </Suspense>
      ) : (
        <div className="home__summary-slot member-only" data-session-part="summary" />
      )}

      <section className="hero" aria-labelledby="hero-title">
        <span className="hero__badge">
          <span className="hero__dot" aria-hidden="true" />
          {t('home.heroBadge')}
        </span>
        <h2 id="hero-title" className="hero__title">
          {t('home.heroTitle')}
        </h2>
        <p className="hero__subtitle">{t('home.heroSubtitle')}</p>
        <HeroPrices />
      </section>

      {!session && (
        <section className="cta visitor-only" data-testid="home-cta">
          <h2 className="cta__title">{t('home.ctaTitle')}</h2>
          <p className="cta__desc">{t('home.ctaDesc')}</p>
          <div className="cta__actions">
            <Link to={paths.register} className="btn btn--primary">
              {t('home.register')}
            </Link>
            <Link to={loginPath()} className="btn btn--ghost">
              {t('home.signIn')}
            </Link>
          </div>
        </section>
      )}

      <h2 className="section-title">{t('home.games')}</h2>
      <div className="games">
        <GameCard
          to={gamePath(readStorage(storageKeys.gamePair) || DEFAULT_GAME_PAIR)}
          tone="blue"
          icon={<ChartIcon size={26} />}
          name={t('home.contractName')}
          desc={t('home.contractDesc')}
          testId="entry-contract"
          running={session && <OpenPlays game="contract" />}
        />
        <GameCard
          to={paths.flip}
          tone="amber"
          icon={<BoltIcon size={26} />}
          name={t('home.flipName')}
          desc={t('home.flipDesc')}
          testId="entry-flip"
          running={session && <OpenPlays game="flip" />}
        />
      </div>

      {session && (
        <Suspense fallback={null}>
          <OpenPlaysList />
        </Suspense>
      )}

      <h2 className="section-title">{t('home.quick')}</h2>
      <nav className="quick" aria-label={t('home.quick')}>
        <QuickEntry
          to={paths.deposit}
          icon={<DepositIcon />}
          label={t('home.deposit')}
          testId="entry-deposit"
        />
        <QuickEntry
          to={paths.withdraw}
          icon={<WithdrawIcon />}
          label={t('home.withdraw')}
          testId="entry-withdraw"
        />
        <QuickEntry to={paths.invite} icon={<GiftIcon />} label={t('home.invite')} testId="entry-invite" />
        <QuickEntry to={paths.vip} icon={<CrownIcon />} label={t('home.vip')} testId="entry-vip" />
      </nav>

      {!installed && (
        <button
          type="button"
          className="home-install"
          data-testid="entry-install"
          onClick={requestInstallGuide}
        >
          <span className="quick__icon" aria-hidden="true">
            <AddToHomeIcon />
          </span>
          <span className="home-install__text">
            <b>{t('home.install')}</b>
            <span>{t('home.installHint')}</span>
          </span>
          <ChevronRightIcon size={18} />
        </button>
      )}

      <h2 className="section-title">{t('home.markets')}</h2>
      <WhenVisible minHeight={362}>
        <Suspense fallback={<div className="tickers-slot" />}>
          <TickerList />
        </Suspense>
      </WhenVisible>
    </div>
  );
}

function GameCard(props: {
  to: string;
  tone: 'blue' | 'amber';
  icon: ReactNode;
  name: string;
  desc: string;
  testId: string;
  /** The player's bets still running in it (signed in). */
  running?: ReactNode;
}) {
  return (
    <Link to={props.to} className={`game-card game-card--${props.tone}`} data-testid={props.testId}>
      <span className="game-card__icon">{props.icon}</span>
      <span className="game-card__text">
        <span className="game-card__name">
          {props.name}
          {props.running && <Suspense fallback={null}>{props.running}</Suspense>}
        </span>
        <span className="game-card__desc">{props.desc}</span>
      </span>
      <ChevronRightIcon size={18} className="game-card__go" />
    </Link>
  );
}

function QuickEntry({
  to,
  icon,
  label,
  testId,
}: {
  to: string;
  icon: ReactNode;
  label: string;
  testId: string;
}) {
  return (
    <Link to={to} className="quick__item" data-testid={testId}>
      <span className="quick__icon">{icon}</span>
      <span className="quick__label">{label}</span>
    </Link>
  );
}
