// A round badge with a token's symbol initials, coloured per token so lists are easy to scan.
const tones: Record<string, string> = {
  USDT: '#26a17b',
  BTC: '#f7931a',
  ETH: '#627eea',
  BNB: '#f3ba2f',
  SOL: '#9945ff',
  XRP: '#5a6b87',
  DOGE: '#c2a633',
};

export function TokenBadge({ symbol, size = 36 }: { symbol: string; size?: number }) {
  return (
    <span
      className="token-badge"
      aria-hidden="true"
      style={{ width: size, height: size, background: tones[symbol] ?? '#3a4964', fontSize: size * 0.33 }}
    >
      {symbol.slice(0, symbol.length > 3 ? 2 : 1)}
    </span>
  );
}
