import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TokenLogo } from './token-logo';

describe('token logos', () => {
  it('draw each listed token’s mark in a fixed box, and initials for any other', () => {
    for (const symbol of ['USDT', 'BTC', 'ETH', 'BNB', 'SOL', 'XRP', 'DOGE']) {
      const { container, unmount } = render(<TokenLogo symbol={symbol} size={40} />);
      const svg = container.querySelector('svg')!;
      expect(svg.dataset.testid).toBe(`token-logo-${symbol}`);
      expect([svg.getAttribute('width'), svg.getAttribute('height')]).toEqual(['40', '40']);
      expect(svg.querySelector('text')).toBeNull();
      unmount();
    }
    const { container } = render(<TokenLogo symbol="pepe" />);
    const svg = container.querySelector('svg')!;
    expect(svg.dataset.testid).toBe('token-logo-fallback');
    expect(svg.querySelector('text')?.textContent).toBe('PE');
  });
});
