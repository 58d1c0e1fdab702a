import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Play } from '@tradeflip/api';
import { i18n } from '@/lib/i18n';
import PlaysFeed from './plays-feed';

const plays: Play[] = [
  {
    id: 'flip-9',
    game: 'flip',
    player: 'ab***',
    symbol: 'BTCUSDT',
    side: 'up',
    token: 'USDT',
    leverage: null,
    outcome: 'won',
    stake: null,
    result: null,
    time: 2,
  },
  {
    id: 'position-4',
    game: 'contract',
    player: 'cd***',
    symbol: 'ETHUSDT',
    side: 'short',
    token: 'USDT',
    leverage: 5,
    outcome: 'lost',
    stake: '10',
    result: '-1.5',
    time: 1,
  },
];

vi.mock('@/lib/live/plays', () => ({ usePlays: () => plays }));

const row = (id: string) => document.querySelector(`[data-play="${id}"]`)?.textContent ?? '';

describe('<PlaysFeed />', () => {
  it('names the game of a flip beside its pair and direction; a position has its side and leverage', () => {
    render(<PlaysFeed />);
    expect(screen.getAllByTestId('plays-feed-row')).toHaveLength(2);
    expect(row('flip-9')).toContain('BTC/USDTLightning FlipUp');
    expect(row('position-4')).toContain('ETH/USDTShort 5×');
    expect(row('position-4')).not.toContain('Lightning Flip');
  });

  it('in Chinese too', async () => {
    await i18n.changeLanguage('zh-CN');
    render(<PlaysFeed />);
    expect(row('flip-9')).toContain('BTC/USDT闪电翻转看涨');
  });
});
