// Token logos as inline SVG (issue 9): the listed tokens' marks, drawn simply in their colours on a
// 32×32 circle, so lists are recognisable at a glance without fetching images. An unknown token gets
// its initials on a neutral circle. Every logo has a fixed box, so rows never jump as they load.
import type { ReactNode } from 'react';

interface Mark {
  background: string;
  children: ReactNode;
}

const white = '#fff';

const marks: Record<string, Mark> = {
  USDT: {
    background: '#26a17b',
    children: (
      <>
        {/* The T with its horizontal band. */}
        <path
          d="M9 8.5h14v3.6h-5.1v2.3c3.3.2 5.8.9 5.8 1.8s-2.5 1.6-5.8 1.8V24h-3.8v-6c-3.3-.2-5.8-.9-5.8-1.8s2.5-1.6 5.8-1.8v-2.3H9z"
          fill={white}
        />
        <ellipse cx="16" cy="16.2" rx="4.6" ry="0.9" fill="#26a17b" />
      </>
    ),
  },
  BTC: {
    background: '#f7931a',
    children: (
      <path
        d="M12.5 8.5v15M15 8.5v2M15 21.5v2M11 10.5h6.2a2.7 2.7 0 0 1 0 5.4H11m0 0h7a2.8 2.8 0 0 1 0 5.6h-7"
        fill="none"
        stroke={white}
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    ),
  },
  ETH: {
    background: '#627eea',
    children: (
      <>
        <path d="M16 5.5 9.5 16.3 16 20.1l6.5-3.8z" fill={white} fillOpacity="0.95" />
        <path d="M16 5.5v14.6l6.5-3.8z" fill={white} fillOpacity="0.7" />
        <path d="m9.5 17.6 6.5 8.9 6.5-8.9-6.5 3.8z" fill={white} fillOpacity="0.95" />
      </>
    ),
  },
  BNB: {
    background: '#f3ba2f',
    children: (
      <g fill={white}>
        <path d="m16 12.6 3.4 3.4-3.4 3.4-3.4-3.4z" />
        <path d="m16 6.5 5.9 5.9-2 2-3.9-3.9-3.9 3.9-2-2z" />
        <path d="m16 25.5-5.9-5.9 2-2 3.9 3.9 3.9-3.9 2 2z" />
        <path d="m8.4 14 2 2-2 2-2-2zM23.6 14l2 2-2 2-2-2z" />
      </g>
    ),
  },
  SOL: {
    background: '#14151a',
    children: (
      <>
        <defs>
          <linearGradient id="token-sol" x1="0" y1="1" x2="1" y2="0">
            <stop offset="0" stopColor="#9945ff" />
            <stop offset="1" stopColor="#14f195" />
          </linearGradient>
        </defs>
        <g fill="url(#token-sol)">
          <path d="M10.8 19.8h12.4l-2 2.4H8.8z" />
          <path d="M10.8 9.8h12.4l-2 2.4H8.8z" />
          <path d="M21.2 14.8H8.8l2 2.4h12.4z" />
        </g>
      </>
    ),
  },
  XRP: {
    background: '#23292f',
    children: (
      <path
        d="M9 9.5h2.4l3 3a2.3 2.3 0 0 0 3.2 0l3-3H23l-4.2 4.2a4 4 0 0 1-5.6 0zM23 22.5h-2.4l-3-3a2.3 2.3 0 0 0-3.2 0l-3 3H9l4.2-4.2a4 4 0 0 1 5.6 0z"
        fill={white}
      />
    ),
  },
  DOGE: {
    background: '#c2a633',
    children: (
      <path
        d="M12.5 9.5h3.7a6.5 6.5 0 0 1 0 13h-3.7zM10 16h6.5"
        fill="none"
        stroke={white}
        strokeWidth="2.4"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    ),
  },
};

export function TokenLogo({ symbol, size = 36 }: { symbol: string; size?: number }) {
  const mark = marks[symbol.toUpperCase()];
  return (
    <svg
      className="token-logo"
      width={size}
      height={size}
      viewBox="0 0 32 32"
      aria-hidden="true"
      focusable="false"
      data-testid={`token-logo-${mark ? symbol.toUpperCase() : 'fallback'}`}
      style={{ flex: 'none' }}
    >
      <circle cx="16" cy="16" r="16" fill={mark?.background ?? '#3a4964'} />
      {mark ? (
        mark.children
      ) : (
        <text
          x="16"
          y="16"
          dy="0.35em"
          textAnchor="middle"
          fill={white}
          fontSize={symbol.length > 3 ? 10 : 12}
          fontWeight="700"
          fontFamily="system-ui, sans-serif"
        >
          {symbol.slice(0, symbol.length > 3 ? 2 : 1).toUpperCase()}
        </text>
      )}
    </svg>
  );
}
