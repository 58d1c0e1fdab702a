// The notice pusher (issue 32 point 8): every notice the notification centre stores reaches its
// owner's devices by Web Push, in their language, with the centre's own words and the screen it opens.
// One leader across processes (CONVENTIONS 14) takes the notices not yet pushed, oldest first, and
// pushes them; a stored notice wakes it (NOTICES_CHANNEL), so a push leaves within a pass of the
// commit. A notice is taken once (marked before its push): a crash mid-push loses that push, never
// the notice, and never pushes it twice. With push off, or older than PUSH_WITHIN_MS (the pusher was
// down), a notice is passed over: a push about last week's liquidation would only alarm.
import { interpolate, isMessageKey, translate, type Language } from '@tradeflip/i18n';
import { noticesUiEn, noticesUiZh } from '@tradeflip/i18n/notices-ui';
import { noticeTextKind, noticeVars } from '@tradeflip/i18n/notice-words';
import { noticeScreen } from '@tradeflip/api/notice-screen';
import { formatPriceExact } from '@tradeflip/money/exact';
import type { Notice, PushPayload } from '@tradeflip/api';
import type { Clock } from '../../clock';
import type { Queryable } from '../../db/client';
import { LeasedLoop, type LoopLog } from '../../workers/leased-loop';
import { takeUnpushed, type NotificationService } from '../notifications/service';
import type { PushService } from './service';

/** Notices pushed in one pass (a crash of the price can liquidate thousands at once). */
const BATCH = 200;
/** A notice not pushed within this long of being stored is not pushed at all. */
export const PUSH_WITHIN_MS = 10 * 60_000;

const texts = { 'en-US': noticesUiEn.noticesUi, 'zh-CN': noticesUiZh.noticesUi } as const;

/** A pair's price decimals (the market's), so a pushed price reads as the app's screens write it. */
export type PriceDecimals = (symbol: string) => number;

/** What a notice's push says in a language: the centre's title and sentence, opening its screen. */
export function noticePushPayload(
  notice: Pick<Notice, 'id' | 'kind' | 'params'>,
  lang: Language,
  priceDp: PriceDecimals,
): PushPayload {
  const words = texts[lang];
  const kind = words.kinds[noticeTextKind(notice)];
  const vars = noticeVars(
    notice,
    words,
    (reason) => (isMessageKey(reason) ? translate(lang, reason) : reason),
    (price, symbol) => (price ? formatPriceExact(price, priceDp(symbol)) : '--'),
  );
  return {
    title: kind.title,
    body: interpolate(kind.body, vars),
    url: noticeScreen(notice),
    // One notice per tag on the device: a repeated push replaces, never stacks.
    tag: `notice-${notice.id}`,
  };
}

/** One pass: takes the oldest notices not yet pushed and pushes the recent ones; answers how many it took. */
export async function pushNotices(deps: {
  db: Queryable;
  clock: Clock;
  push: PushService;
  priceDp: PriceDecimals;
}): Promise<number> {
  const now = deps.clock.now();
  const taken = await takeUnpushed(deps.db, BATCH, now);
  const recent = taken.filter((notice) => now.getTime() - Date.parse(notice.createdAt) <= PUSH_WITHIN_MS);
  await deps.push.deliver(
    recent.map((notice) => ({
      userId: notice.userId,
      notice: (lang: Language) => noticePushPayload(notice, lang, deps.priceDp),
    })),
  );
  return taken.length;
}

export function startNoticePusher(deps: {
  db: Queryable;
  clock: Clock;
  push: PushService;
  priceDp: PriceDecimals;
  notifications: NotificationService;
  intervalMs?: number;
  log?: LoopLog;
}): { stop(): Promise<void> } {
  const loop = new LeasedLoop({
    name: 'notice-pusher',
    db: deps.db,
    clock: deps.clock,
    // The wake-up on each stored notice does the work; the interval only catches a missed one.
    intervalMs: deps.intervalMs ?? 2_000,
    ...(deps.log && { log: deps.log }),
    work: () => pushNotices(deps),
    again: (taken) => taken === BATCH,
  });
  const unheard = deps.notifications.onNoticeStored(() => loop.wake());
  loop.start();
  return {
    stop: async () => {
      unheard();
      await loop.stop();
    },
  };
}
