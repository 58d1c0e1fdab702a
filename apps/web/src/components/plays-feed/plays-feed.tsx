// The live feed of other players' plays (issue 32, point 11; BC.Game's bets feed), on Lightning Flip
// and the game page: the newest settled flips and closed positions with the player's masked name, the
// pair, the game (a flip names it; a position's leverage says it), the side and the result; the stake
// and the amount only for a player who chose to show them (Profile's switches). Loaded lazily, below
// the fold (index.tsx), with its own words.
import { useTranslation } from 'react-i18next';
import type { Play } from '@tradeflip/api';
import { formatNumber } from '@tradeflip/money';
import { usePlays } from '@/lib/live/plays';
import './texts';
import './plays-feed.css';

const pairOf = (symbol: string) => symbol.replace(/(USDT|USDC|BTC)$/, '/$1');
const tone = (play: Play) => (play.outcome === 'won' ? 'is-up' : play.outcome === 'lost' ? 'is-down' : '');

function Outcome({ play }: { play: Play }) {
  const { t } = useTranslation();
  if (play.result !== null) {
    return (
      <>
        {formatNumber(play.result, 'amount', { dp: 2, signed: true })} {play.token}
      </>
    );
  }
  if (play.game === 'flip') return <>{t(`plays.${play.outcome}`)}</>;
  return (
    <>{t(play.outcome === 'won' ? 'plays.profit' : play.outcome === 'lost' ? 'plays.loss' : 'plays.even')}</>
  );
}

export default function PlaysFeed() {
  const { t } = useTranslation();
  const plays = usePlays();
  return (
    <section className="plays-feed" aria-labelledby="plays-feed-title" data-testid="plays-feed">
      <h2 className="plays-feed__title" id="plays-feed-title">
        <span className="plays-feed__dot" aria-hidden="true" />
        {t('plays.title')}
      </h2>
      {plays && plays.length === 0 && <p className="plays-feed__empty">{t('plays.empty')}</p>}
      <ul className="plays-feed__list" aria-busy={!plays}>
        {plays?.map((play) => (
          <li key={play.id} className="plays-feed__row" data-testid="plays-feed-row" data-play={play.id}>
            <span className="plays-feed__player">{play.player}</span>
            <span className="plays-feed__what">
              <span className="plays-feed__pair">{pairOf(play.symbol)}</span>
              {/* Beside the contract game's Long / Short, an Up / Down alone would not say which game.
                  The game and the side wrap together, never apart. */}
              <span className="plays-feed__kind">
                {play.game === 'flip' && <span className="plays-feed__game">{t('plays.flip')}</span>}
                <span
                  className={`plays-feed__side ${play.side === 'up' || play.side === 'long' ? 'is-up' : 'is-down'}`}
                >
                  {t(`plays.${play.side}`)}
                  {play.leverage !== null && ` ${play.leverage}×`}
                </span>
              </span>
              <span className="plays-feed__stake">
                {play.stake === null
                  ? t('plays.amountsHidden')
                  : `${t('plays.stake')} ${formatNumber(play.stake, 'amount', { dp: 2 })} ${play.token}`}
              </span>
            </span>
            <span className={`plays-feed__outcome ${tone(play)}`} data-testid="plays-feed-outcome">
              <Outcome play={play} />
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
