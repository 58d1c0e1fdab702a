// What a push says when the engine or an operator closed a position (liquidation, take-profit,
// stop-loss, the operator): the notification centre's sentence, in the owner's language, opening the
// pair's game page. A player's own close is not pushed: they are looking at it.
import { noticesUiEn, noticesUiZh } from '@tradeflip/i18n/notices-ui';
import { pushUiEn, pushUiZh } from '@tradeflip/i18n/push-ui';
import { interpolate, type Language } from '@tradeflip/i18n';
import { formatNumber } from '@tradeflip/money';
import type { PushPayload } from '@tradeflip/api';
import type { MarketService } from '../market/service';
import type { ClosedPosition } from '../contract-game/deps';
import type { PushService } from './service';

const texts = {
  'en-US': { notices: noticesUiEn.noticesUi, push: pushUiEn.pushUi },
  'zh-CN': { notices: noticesUiZh.noticesUi, push: pushUiZh.pushUi },
} as const;

const pushedReasons = ['liquidation', 'take_profit', 'stop_loss', 'operator'] as const;
type PushedReason = (typeof pushedReasons)[number];
/** The notice kind each close reason is stored as. */
const noticeKind = {
  liquidation: 'liquidation',
  take_profit: 'take_profit',
  stop_loss: 'stop_loss',
  operator: 'operator_close',
} as const;

export function positionClosedPayload(
  row: Omit<ClosedPosition, 'userId' | 'closeReason'> & { closeReason: PushedReason },
  pair: { base: string; quote: string; priceDp: number } | undefined,
  lang: Language,
): PushPayload {
  const { notices, push } = texts[lang];
  const vars = {
    pair: pair ? `${pair.base}/${pair.quote}` : row.symbol,
    side: notices.side[row.side],
    price: formatNumber(row.closePrice ?? '', 'price', { dp: pair?.priceDp, fixed: true }),
  };
  return {
    title: push.closedTitle[row.closeReason],
    body: interpolate(notices.kinds[noticeKind[row.closeReason]].body, vars),
    url: `/pages/game/detail?id=${encodeURIComponent(row.symbol)}`,
    tag: `position-${row.id}`,
  };
}

/** The contract game's after-commit listener (GameServiceDeps.onClosed): each owner's devices hear. */
export function pushClosedPositions(push: PushService, market: MarketService) {
  return (closed: ClosedPosition[]) => {
    if (!push.enabled) return;
    for (const row of closed) {
      const reason = row.closeReason;
      if (!reason || !(pushedReasons as readonly string[]).includes(reason)) continue;
      push.notify(row.userId, async (lang) => {
        const pair = (await market.storedPairs()).find((p) => p.symbol === row.symbol);
        return positionClosedPayload({ ...row, closeReason: reason as PushedReason }, pair, lang);
      });
    }
  };
}
