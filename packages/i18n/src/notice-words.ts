// What each notice of the notification centre says, built the same way by the app (its list and
// toasts) and the server (its Web Push): the text of noticesUi.kinds by the notice's kind (a flip's by
// its result) and the values its sentence names, amounts as the exact decimals the server stored.
import { noticesUiEn, type NoticesUiMessages } from './notices-ui';

type Kinds = NoticesUiMessages['noticesUi']['kinds'];
export type NoticeTextKind = keyof Kinds;

/** The little a notice's words need of it (packages/api's Notice). */
export interface NoticeLike {
  kind: string;
  params: Record<string, string | undefined>;
}

/** The key under noticesUi.kinds: a flip's by its result. */
export function noticeTextKind(notice: NoticeLike): NoticeTextKind {
  const kind = notice.kind === 'flip_result' ? `flip_${notice.params.result ?? 'tie'}` : notice.kind;
  return (kind in noticesUiEn.noticesUi.kinds ? kind : 'feedback_reply') as NoticeTextKind;
}

/** `BTCUSDT` → `BTC/USDT` (the quote is USDT or USDC on every pair). */
export const pairOfSymbol = (symbol = '') => symbol.replace(/^(.+?)(USDT|USDC)$/, '$1/$2');

/**
 * An exact decimal as the server wrote it (no exponent, no trailing zeros), its whole part grouped by
 * thousands: no decimal library on the toasts' path, and nothing rounded away.
 */
export function plainNumber(value: string | undefined): string {
  if (value === undefined || !/^-?\d+(\.\d+)?$/.test(value)) return '--';
  const [whole, fraction] = value.split('.');
  const grouped = whole!.replace(/\B(?=(\d{3})+$)/g, ',');
  return fraction ? `${grouped}.${fraction}` : grouped;
}

/**
 * The values of a notice's sentence in a language (`texts`: that language's noticesUi); `reason` turns
 * a stored reason (a message key, or an operator's own words) into words; `price` writes a price of
 * the notice's pair (the app's: at the pair's decimals, as its game pages do; else as stored).
 */
export function noticeVars(
  notice: NoticeLike,
  texts: Pick<NoticesUiMessages['noticesUi'], 'side' | 'direction'>,
  reason: (stored: string) => string,
  price: (stored: string | undefined, symbol: string) => string = (stored) => plainNumber(stored),
): Record<string, string> {
  const p = notice.params;
  const side = p.side === 'long' || p.side === 'short' ? texts.side[p.side] : '';
  const direction = p.direction === 'up' || p.direction === 'down' ? texts.direction[p.direction] : '';
  return {
    pair: pairOfSymbol(p.symbol),
    side,
    direction,
    price: price(p.closePrice, p.symbol ?? ''),
    pnl: plainNumber(p.pnl),
    stake: plainNumber(p.stake),
    amount: plainNumber(p.amount),
    token: p.token ?? '',
    // Inside a sentence: the reason's own full stop goes.
    reason: p.reason ? reason(p.reason).replace(/[.。]$/, '') : '',
  };
}
