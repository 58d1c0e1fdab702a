// Each notice's words in the player's language (packages/i18n notices-ui.ts, added to i18next by
// notice-texts.ts) and the screen a tap opens: the position's or flip's detail on its
// game page, the deposit or withdrawal record, Invite, Feedback.
import type { TFunction } from 'i18next';
import type { Notice } from '@tradeflip/api';
import { i18n } from '@/lib/i18n';
import { flipPath, gamePath, paths } from '@/lib/paths';
import './notice-texts';

/** `BTCUSDT` → `BTC/USDT` (the quote is USDT or USDC on every pair). */
const pairOf = (symbol = '') => symbol.replace(/^(.+?)(USDT|USDC)$/, '$1/$2');
/**
 * An exact decimal as the server wrote it (no exponent, no trailing zeros), its whole part grouped by
 * thousands: decimal.js stays out of the toasts' chunk.
 */
export function plainNumber(value: string | undefined): string {
  if (value === undefined || !/^-?\d+(\.\d+)?$/.test(value)) return '--';
  const [whole, fraction] = value.split('.');
  const grouped = whole!.replace(/\B(?=(\d{3})+$)/g, ',');
  return fraction ? `${grouped}.${fraction}` : grouped;
}
const amount = plainNumber;

/** The text key under noticesUi.kinds: a flip's by its result. */
function textKind(notice: Notice): string {
  return notice.kind === 'flip_result' ? `flip_${notice.params.result ?? 'tie'}` : notice.kind;
}

export function noticeText(t: TFunction, notice: Notice): { title: string; body: string } {
  const p = notice.params;
  const reason = p.reason && i18n.exists(p.reason) ? t(p.reason) : (p.reason ?? '');
  const vars = {
    pair: pairOf(p.symbol),
    side: p.side ? t(`noticesUi.side.${p.side}`) : '',
    direction: p.direction ? t(`noticesUi.direction.${p.direction}`) : '',
    price: plainNumber(p.closePrice),
    pnl: amount(p.pnl),
    stake: amount(p.stake),
    amount: amount(p.amount),
    token: p.token ?? '',
    reason: reason.replace(/[.。]$/, ''),
  };
  const key = `noticesUi.kinds.${textKind(notice)}`;
  return { title: t(`${key}.title`), body: t(`${key}.body`, vars) };
}

/** Where a tap on the notice goes. */
export function noticePath(notice: Notice): string {
  const p = notice.params;
  switch (notice.kind) {
    case 'liquidation':
    case 'take_profit':
    case 'stop_loss':
    case 'operator_close':
      return `${gamePath(p.symbol ?? '')}&position=${encodeURIComponent(p.positionId ?? '')}`;
    case 'flip_result':
      return `${flipPath(p.symbol ?? '')}&flip=${encodeURIComponent(p.flipId ?? '')}`;
    case 'deposit_credited':
      return `${paths.depositDetail}?id=${encodeURIComponent(p.depositId ?? '')}`;
    case 'invite_reward':
      return paths.invite;
    case 'feedback_reply':
      return paths.feedback;
    default:
      return `${paths.withdrawDetail}?id=${encodeURIComponent(p.withdrawalId ?? '')}`;
  }
}
