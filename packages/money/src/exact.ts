// Exact decimal arithmetic on strings with BigInt, for screens that must stay light (Home's first
// screen: decimal.js alone is ~12 KiB gzipped). Prices stay exact: no JS number ever holds one.
// display.test.ts / exact.test.ts hold these to formatNumber's and Decimal's results.

/** A decimal string as an integer scaled by 10^scale, or null when it is not a plain decimal. */
interface Scaled {
  units: bigint;
  scale: number;
}

const PLAIN = /^([-+]?)(\d*)(?:\.(\d*))?$/;

function scaled(text: string): Scaled | null {
  const match = PLAIN.exec(text.trim());
  if (!match || (!match[2] && !match[3])) return null;
  const fraction = match[3] ?? '';
  const units = BigInt(`${match[2] || '0'}${fraction}`);
  return { units: match[1] === '-' ? -units : units, scale: fraction.length };
}

const TEN = 10n;
const pow10 = (n: number) => TEN ** BigInt(n);

/** `units / divisor` rounded half away from zero (decimal.js's ROUND_HALF_UP). */
function divRound(units: bigint, divisor: bigint): bigint {
  const negative = units < 0n !== divisor < 0n;
  const n = units < 0n ? -units : units;
  const d = divisor < 0n ? -divisor : divisor;
  const q = (n * 2n + d) / (2n * d);
  return negative ? -q : q;
}

/** `units × 10^-dp` written with exactly `dp` decimals. */
function write(units: bigint, dp: number): string {
  const negative = units < 0n;
  const digits = (negative ? -units : units).toString().padStart(dp + 1, '0');
  const whole = digits.slice(0, digits.length - dp);
  const text = dp ? `${whole}.${digits.slice(-dp)}` : whole;
  return negative && /[1-9]/.test(digits) ? `-${text}` : text;
}

/** `value` rounded half-up to `dp` decimals, all of them written; null when it is not a decimal. */
export function roundDecimal(value: string, dp: number): string | null {
  const v = scaled(value);
  if (!v) return null;
  const units = v.scale <= dp ? v.units * pow10(dp - v.scale) : divRound(v.units, pow10(v.scale - dp));
  return write(units, dp);
}

/** -1, 0 or 1 as `a` is below, equal to or above `b` (plain decimal strings). */
export function compareDecimal(a: string, b: string): number {
  const x = scaled(a);
  const y = scaled(b);
  if (!x || !y) throw new Error(`not a decimal: ${x ? b : a}`);
  const scale = Math.max(x.scale, y.scale);
  const l = x.units * pow10(scale - x.scale);
  const r = y.units * pow10(scale - y.scale);
  return l < r ? -1 : l > r ? 1 : 0;
}

/** `1234567.5` → `1,234,567.5`; the fraction is left as it is. */
export function groupDigits(text: string): string {
  const sign = text.startsWith('-') ? '-' : '';
  const body = sign ? text.slice(1) : text;
  const dot = body.indexOf('.');
  const whole = dot < 0 ? body : body.slice(0, dot);
  const fraction = dot < 0 ? '' : body.slice(dot);
  return `${sign}${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}${fraction}`;
}

/**
 * A price as a game shows it, `formatNumber(price, 'price', { dp, fixed: true })` without decimal.js:
 * rounded half-up to the pair's decimals, all of them kept, thousands grouped; `--` when not a decimal.
 */
export function formatPriceExact(price: string, dp: number): string {
  const rounded = roundDecimal(price, dp);
  return rounded === null ? '--' : groupDigits(rounded);
}

/** A change in percent as `formatNumber(change, 'percent', { signed: true })` writes it: `+1.25%`. */
export function formatChangeExact(change: string): string {
  const rounded = roundDecimal(change, 2);
  if (rounded === null) return '--';
  const sign = compareDecimal(rounded, '0') > 0 ? '+' : '';
  return `${sign}${groupDigits(rounded)}%`;
}
