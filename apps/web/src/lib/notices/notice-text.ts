// Each notice's words in the player's language (packages/i18n notices-ui.ts, added to i18next by
// notice-texts.ts) and the screen a tap opens: the position's or flip's detail on its
// game page, the deposit or withdrawal record, Invite, Feedback. A price reads as the game pages write
// it, at the pair's decimals (a pair's are its base token's, from the precision map), every one kept.
import type { TFunction } from 'i18next';
import type { Notice } from '@tradeflip/api';
import { noticeScreen } from '@tradeflip/api/notice-screen';
import { noticeTextKind, noticeVars } from '@tradeflip/i18n/notice-words';
import { formatPriceExact } from '@tradeflip/money/exact';
import { priceDpOf, type PrecisionLookup } from '@tradeflip/money/precision';
import { i18n } from '@/lib/i18n';
import './notice-texts';

/** `BTCUSDT` → `BTC`: the base token, whose price decimals are the pair's. */
const baseOf = (symbol: string) => symbol.replace(/(USDT|USDC)$/, '');

export function noticeText(
  t: TFunction,
  notice: Notice,
  precisions: PrecisionLookup | undefined,
): { title: string; body: string } {
  const words = {
    side: { long: t('noticesUi.side.long'), short: t('noticesUi.side.short') },
    direction: { up: t('noticesUi.direction.up'), down: t('noticesUi.direction.down') },
  };
  const vars = noticeVars(
    notice,
    words,
    (reason) => (i18n.exists(reason) ? t(reason) : reason),
    (price, symbol) => (price ? formatPriceExact(price, priceDpOf(precisions, baseOf(symbol))) : '--'),
  );
  const key = `noticesUi.kinds.${noticeTextKind(notice)}`;
  return { title: t(`${key}.title`), body: t(`${key}.body`, vars) };
}

/** Where a tap on the notice goes (the screen its push opens too). */
export const noticePath = noticeScreen;
