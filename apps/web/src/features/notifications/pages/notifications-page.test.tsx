import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Notice } from '@tradeflip/api';
import { renderApp, savePrecisions, stubGets, testMe } from '@/app/test-utils';
import { i18n } from '@/lib/i18n';

const closed = (id: string, kind: Notice['kind'], symbol: string, closePrice: string): Notice => ({
  id,
  kind,
  params: { positionId: id, symbol, side: 'long', closePrice, pnl: '-9.5', token: 'USDT' },
  createdAt: '2026-12-01T10:00:00.000Z',
  readAt: null,
});

const notices = [
  closed('3', 'liquidation', 'SOLUSDT', '198.1'),
  closed('2', 'take_profit', 'BTCUSDT', '60000'),
  closed('1', 'stop_loss', 'DOGEUSDT', '0.1'),
];

beforeEach(() => {
  vi.restoreAllMocks();
  // The pairs' price decimals are their base tokens' (the precision map the game pages use too).
  savePrecisions({ USDT: 6 }, { SOL: 2, BTC: 2, DOGE: 5 });
  stubGets(() => async (url) => {
    if (url.endsWith('/user/me')) return testMe;
    if (url.includes('/notifications')) {
      return { list: notices, total: notices.length, page: 1, pageSize: 20, unread: notices.length };
    }
    return { list: [], total: 0, page: 1, pageSize: 20 };
  });
});

describe('the notification centre', () => {
  it('shows a close price at its pair’s decimals, as the game pages do', async () => {
    renderApp('/pages/notifications/index', { signedIn: true });
    expect((await screen.findByTestId('notice-3')).textContent).toContain(
      'Your SOL/USDT long position was liquidated at 198.10.',
    );
    expect(screen.getByTestId('notice-2').textContent).toContain(
      'Your BTC/USDT long position closed at 60,000.00 by its take-profit.',
    );
    expect(screen.getByTestId('notice-1').textContent).toContain(
      'Your DOGE/USDT long position closed at 0.10000 by its stop-loss.',
    );
  });

  it('in Chinese too', async () => {
    await i18n.changeLanguage('zh-CN');
    renderApp('/pages/notifications/index', { signedIn: true });
    expect((await screen.findByTestId('notice-2')).textContent).toContain(
      '您的 BTC/USDT 做多仓位已在 60,000.00 止盈平仓。',
    );
  });
});
