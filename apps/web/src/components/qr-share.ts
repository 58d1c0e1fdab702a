// Save or share a QR code as an image (the Deposit page's address): the code on a white card with a
// caption under it, as a PNG. Where the phone can share files (Web Share level 2) the share sheet
// opens, so the person can send it to the wallet app or save it to Photos; elsewhere it downloads.

const SCALE = 3;
const PAD = 24;
const LINE = 22;

/** An SVG (a QR code) as an image a canvas can draw. */
export async function svgImage(svg: SVGSVGElement): Promise<HTMLImageElement> {
  const text = new XMLSerializer().serializeToString(svg);
  const url = URL.createObjectURL(new Blob([text], { type: 'image/svg+xml' }));
  try {
    const image = new Image();
    image.src = url;
    await image.decode();
    return image;
  } finally {
    URL.revokeObjectURL(url);
  }
}

/** The card as a PNG: the code, then each caption line centred under it. */
export async function qrCardPng(svg: SVGSVGElement, caption: string[]): Promise<Blob> {
  const image = await svgImage(svg);
  const side = svg.width.baseVal.value || image.width;
  const width = side + PAD * 2;
  const height = side + PAD * 2 + caption.length * LINE + 8;
  const canvas = document.createElement('canvas');
  canvas.width = width * SCALE;
  canvas.height = height * SCALE;
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('canvas unavailable');
  ctx.scale(SCALE, SCALE);
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, width, height);
  ctx.drawImage(image, PAD, PAD, side, side);
  ctx.fillStyle = '#0b1220';
  ctx.textAlign = 'center';
  caption.forEach((line, i) => {
    ctx.font = i === 0 ? '600 13px system-ui, sans-serif' : '11px ui-monospace, monospace';
    ctx.fillText(line, width / 2, side + PAD * 2 + i * LINE + 4, width - PAD);
  });
  return new Promise((resolve, reject) =>
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('no image'))), 'image/png'),
  );
}

/** Shares the PNG when the browser can share files, else downloads it. Resolves with what happened. */
export async function shareOrSavePng(
  blob: Blob,
  fileName: string,
): Promise<'shared' | 'saved' | 'cancelled'> {
  const file = new File([blob], fileName, { type: 'image/png' });
  if (typeof navigator.canShare === 'function' && navigator.canShare({ files: [file] })) {
    try {
      await navigator.share({ files: [file] });
      return 'shared';
    } catch (err) {
      // The person closed the share sheet.
      if (err instanceof DOMException && err.name === 'AbortError') return 'cancelled';
    }
  }
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return 'saved';
}
