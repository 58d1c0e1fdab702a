// Sharing a result (issue 19): a closed contract position or a settled flip as an image card with the
// player's invite QR, previewed exactly as it is sent, then shared through the phone's share sheet
// (or saved where there is none). Amounts stay off the card unless the player turns them on.
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '@tradeflip/money';
import { useAntiRepeat } from '@/lib/anti-repeat';
import '@/lib/invite-texts';
import { useMe } from '@/lib/me';
import { inviteUrl } from '@/lib/paths';
import { showToast } from '@/lib/toast';
import { QrCode } from '../qr-code';
import { shareOrSavePng, svgImage } from '../qr-share';
import { Sheet } from '../sheet';
import { shareCardPng, type ShareCardContent } from './share-card-image';
import type { SharedResult } from './shared-result';
import './share-card.css';

/** The card's words and figures for a result (exported for its test). */
export function shareCardContent(
  result: SharedResult,
  t: (key: string, values?: Record<string, unknown>) => string,
  invite: { code: string; host: string },
  showAmounts: boolean,
): ShareCardContent {
  const ret = result.returnPercent;
  return {
    brand: 'TradeFlip',
    gameLabel:
      result.game.kind === 'contract'
        ? t('inviteUi.contractLabel', { leverage: result.game.leverage })
        : t('inviteUi.flipLabel', { seconds: result.game.seconds }),
    pair: result.pair,
    side: t(`inviteUi.${result.side}`),
    sideTone: result.side === 'long' || result.side === 'up' ? 'up' : 'down',
    returnLabel: t('inviteUi.cardReturn'),
    returnText: formatNumber(ret, 'percent', { signed: true }),
    returnTone: ret.gt(0) ? 'up' : ret.lt(0) ? 'down' : 'flat',
    amountText: showAmounts ? `${t('inviteUi.cardPnl')} ${result.pnlText}` : null,
    pricesText: `${result.openPrice} → ${result.closePrice}`,
    joinText: t('inviteUi.cardJoin'),
    inviteCode: invite.code,
    host: invite.host,
  };
}

function appColors() {
  const style = getComputedStyle(document.documentElement);
  return {
    up: style.getPropertyValue('--tf-up').trim() || '#16c784',
    down: style.getPropertyValue('--tf-down').trim() || '#ff5468',
  };
}

export function ShareResultSheet({ result, onClose }: { result: SharedResult; onClose: () => void }) {
  const { t } = useTranslation();
  const me = useMe();
  const code = me.data?.inviteCode;
  const [showAmounts, setShowAmounts] = useState(false);
  const [card, setCard] = useState<{ blob: Blob; url: string; content: ShareCardContent } | null>(null);
  // What is sent is the card on screen, and only once it says what the switch says (amounts or not).
  const ready = card !== null && (card.content.amountText !== null) === showAmounts;
  const qrRef = useRef<HTMLElement>(null);
  const qrImage = useRef<HTMLImageElement | null>(null);

  useEffect(() => {
    if (!code) return;
    let stopped = false;
    const content = shareCardContent(result, t, { code, host: window.location.host }, showAmounts);
    // The QR library arrives with the first code shown: wait for its SVG, decode it once, and try a
    // draw that failed (a decode can) again rather than leave the sheet without its card.
    const draw = async () => {
      for (let attempt = 0; attempt < 100 && !stopped; attempt++) {
        try {
          const svg = qrRef.current?.querySelector('svg');
          if (!svg) throw new Error('no QR yet');
          qrImage.current ??= await svgImage(svg);
          const blob = await shareCardPng(content, qrImage.current, appColors());
          if (!stopped) setCard({ blob, url: URL.createObjectURL(blob), content });
          return;
        } catch {
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
      }
    };
    void draw();
    return () => {
      stopped = true;
    };
  }, [code, result, showAmounts, t]);
  // A card's image lives until the next one is on screen (or the sheet closes).
  useEffect(
    () => () => {
      if (card) URL.revokeObjectURL(card.url);
    },
    [card],
  );

  const share = useAntiRepeat(async () => {
    if (!card || !ready) return;
    const done = await shareOrSavePng(card.blob, `tradeflip-${result.symbol.toLowerCase()}.png`);
    if (done === 'saved') showToast(t('inviteUi.cardSaved'));
  });

  const alt = card
    ? [
        card.content.pair,
        card.content.side,
        card.content.gameLabel,
        `${card.content.returnLabel} ${card.content.returnText}`,
        card.content.amountText,
        card.content.inviteCode,
      ]
        .filter(Boolean)
        .join(' · ')
    : '';

  return (
    <Sheet
      onClose={onClose}
      title={t('inviteUi.shareTitle')}
      testId="share-sheet"
      className="share-sheet"
      cancel={t('common.cancel')}
      actions={
        <button
          type="button"
          className="btn btn--primary"
          disabled={!ready}
          onClick={() => void share()}
          data-testid="share-card-send"
        >
          {t('inviteUi.shareImage')}
        </button>
      }
    >
      <div className="share-card__preview">
        {card ? (
          <img
            src={card.url}
            alt={alt}
            width={360}
            height={520}
            data-testid="share-card-image"
            data-amounts={card.content.amountText ? 'shown' : 'hidden'}
            aria-busy={!ready}
            className={ready ? undefined : 'is-redrawing'}
          />
        ) : (
          <span className="share-card__placeholder" aria-busy="true" />
        )}
      </div>
      <label className="share-card__toggle">
        <input
          type="checkbox"
          role="switch"
          checked={showAmounts}
          onChange={(event) => setShowAmounts(event.target.checked)}
          data-testid="share-card-amounts"
        />
        <span>{t('inviteUi.showAmounts')}</span>
      </label>
      {code && (
        <div className="share-card__qr-source" aria-hidden="true">
          <QrCode ref={qrRef} value={inviteUrl(code)} size={96} label={t('inviteUi.qrLabel')} />
        </div>
      )}
    </Sheet>
  );
}
