// A QR code of a text (deposit addresses, invite links), drawn as SVG on a white card so any phone
// camera reads it. The QR library is fetched with the first code shown, not with the page.
import { Suspense, type Ref } from 'react';
import { lazyPart } from '@/lib/lazy-part';
import './qr-code.css';

const QRCodeSVG = lazyPart(() => import('qrcode.react').then((m) => ({ default: m.QRCodeSVG })));

interface QrCodeProps {
  value: string;
  /** Side of the code in CSS pixels. */
  size?: number;
  /** What the code holds, for screen readers. */
  label: string;
  testId?: string;
  /** The figure around the SVG (to save the code as an image). */
  ref?: Ref<HTMLElement>;
}

export function QrCode({ value, size = 176, label, testId, ref }: QrCodeProps) {
  return (
    <figure
      ref={ref}
      className="qr-code"
      data-testid={testId}
      data-value={value}
      role="img"
      aria-label={label}
    >
      <Suspense fallback={<span className="qr-code__placeholder" style={{ width: size, height: size }} />}>
        <QRCodeSVG value={value} size={size} level="M" marginSize={0} bgColor="#ffffff" fgColor="#0b1220" />
      </Suspense>
    </figure>
  );
}
