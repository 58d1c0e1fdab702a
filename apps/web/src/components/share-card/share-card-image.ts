// The share card as an image (DESIGN §9): a closed position or a settled flip — pair, side, leverage or
// duration, the return in percent, the app's name and the player's invite QR; the amount only when
// the player chooses. Drawn on a canvas so what is previewed is exactly the PNG that is shared.

export interface ShareCardContent {
  brand: string;
  /** 'Perpetual · 20x', 'Lightning Flip · 30s'. */
  gameLabel: string;
  pair: string;
  side: string;
  /** The side's tone: up (long, up) or down (short, down). */
  sideTone: 'up' | 'down';
  returnLabel: string;
  /** '+85.00%'. */
  returnText: string;
  /** The return's tone: up for a gain, down for a loss, flat for nothing. */
  returnTone: 'up' | 'down' | 'flat';
  /** 'PnL +8.5 USDT', only when the player chose to show amounts. */
  amountText: string | null;
  /** 'Entry 60,000.00 → Close 60,120.00'. */
  pricesText: string;
  joinText: string;
  inviteCode: string;
  /** The host the link points to, under the code (tradeflip.example). */
  host: string;
}

/** The app's up and down colours as the player set them (green-up unless they chose red-up). */
export interface ShareCardColors {
  up: string;
  down: string;
}

const WIDTH = 360;
const HEIGHT = 520;
const SCALE = 3;
const QR = 96;
const FONT = 'system-ui, -apple-system, "PingFang SC", "WenQuanYi Zen Hei", sans-serif';

/** `qr`: the invite QR as an image (decoded once per sheet: the card is drawn again on each change). */
export async function shareCardPng(
  content: ShareCardContent,
  qr: CanvasImageSource,
  colors: ShareCardColors,
): Promise<Blob> {
  const canvas = document.createElement('canvas');
  canvas.width = WIDTH * SCALE;
  canvas.height = HEIGHT * SCALE;
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('canvas unavailable');
  ctx.scale(SCALE, SCALE);
  const tone = { up: colors.up, down: colors.down, flat: '#c7d0e0' };

  // The card: a dark panel like the app's.
  const bg = ctx.createLinearGradient(0, 0, WIDTH, HEIGHT);
  bg.addColorStop(0, '#0b1220');
  bg.addColorStop(1, '#1a2540');
  ctx.fillStyle = bg;
  ctx.fillRect(0, 0, WIDTH, HEIGHT);

  ctx.textBaseline = 'alphabetic';
  ctx.fillStyle = '#209cff';
  ctx.font = `700 20px ${FONT}`;
  ctx.fillText(content.brand, 24, 44);
  ctx.fillStyle = '#8a96ad';
  ctx.font = `500 13px ${FONT}`;
  ctx.textAlign = 'right';
  ctx.fillText(content.gameLabel, WIDTH - 24, 44);
  ctx.textAlign = 'left';

  ctx.fillStyle = '#ffffff';
  ctx.font = `700 28px ${FONT}`;
  ctx.fillText(content.pair, 24, 104);
  const pairWidth = ctx.measureText(content.pair).width;
  // The side as a chip after the pair.
  ctx.font = `600 14px ${FONT}`;
  const chipWidth = ctx.measureText(content.side).width + 20;
  const chipX = Math.min(24 + pairWidth + 12, WIDTH - 24 - chipWidth);
  ctx.fillStyle = tone[content.sideTone];
  roundRect(ctx, chipX, 84, chipWidth, 26, 6);
  ctx.fill();
  ctx.fillStyle = '#0b1220';
  ctx.fillText(content.side, chipX + 10, 102);

  ctx.fillStyle = '#8a96ad';
  ctx.font = `500 14px ${FONT}`;
  ctx.fillText(content.returnLabel, 24, 160);
  ctx.fillStyle = tone[content.returnTone];
  ctx.font = `800 52px ${FONT}`;
  ctx.fillText(content.returnText, 24, 216, WIDTH - 48);

  let y = 252;
  if (content.amountText) {
    ctx.fillStyle = '#e6ebf5';
    ctx.font = `600 16px ${FONT}`;
    ctx.fillText(content.amountText, 24, y, WIDTH - 48);
    y += 28;
  }
  ctx.fillStyle = '#8a96ad';
  ctx.font = `500 13px ${FONT}`;
  ctx.fillText(content.pricesText, 24, y, WIDTH - 48);

  // The invite: a white strip with the QR, the words and the code.
  const stripY = HEIGHT - QR - 48;
  ctx.fillStyle = '#ffffff';
  roundRect(ctx, 16, stripY, WIDTH - 32, QR + 32, 12);
  ctx.fill();
  ctx.drawImage(qr, 32, stripY + 16, QR, QR);
  const textX = 32 + QR + 16;
  const textWidth = WIDTH - textX - 32;
  ctx.fillStyle = '#0b1220';
  ctx.font = `600 14px ${FONT}`;
  ctx.fillText(content.joinText, textX, stripY + 44, textWidth);
  ctx.font = `700 22px ui-monospace, monospace`;
  ctx.fillText(content.inviteCode, textX, stripY + 78, textWidth);
  ctx.fillStyle = '#5b6680';
  ctx.font = `500 12px ${FONT}`;
  ctx.fillText(content.host, textX, stripY + 102, textWidth);

  return pngOf(canvas);
}

/**
 * The canvas as a PNG, encoded at once: toBlob's callback was seen never to come in headless Chromium
 * when the card is drawn again quickly (the switch of amounts), leaving the sheet without its card.
 */
function pngOf(canvas: HTMLCanvasElement): Blob {
  const data = atob(canvas.toDataURL('image/png').split(',')[1] ?? '');
  const bytes = new Uint8Array(data.length);
  for (let i = 0; i < data.length; i++) bytes[i] = data.charCodeAt(i);
  return new Blob([bytes], { type: 'image/png' });
}

function roundRect(ctx: CanvasRenderingContext2D, x: number, y: number, w: number, h: number, r: number) {
  ctx.beginPath();
  ctx.moveTo(x + r, y);
  ctx.arcTo(x + w, y, x + w, y + h, r);
  ctx.arcTo(x + w, y + h, x, y + h, r);
  ctx.arcTo(x, y + h, x, y, r);
  ctx.arcTo(x, y, x + w, y, r);
  ctx.closePath();
}
