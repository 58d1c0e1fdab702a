// Issue 16: the Close confirm shows what closing now would do (estimated price, close fee, net PnL) and
// waits while the price is paused; TP / SL are checked against the current price as typed, both
// fields at once, with the estimated PnL at each; Close and Save keep one Idempotency-Key per press
// until answered, so a second press after a lost answer changes nothing twice.
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '@/lib/i18n';
import '@/features/contract-game/texts';
import { ANTI_REPEAT_MS } from '@/lib/anti-repeat';
import { installFakeAdapter } from '@/lib/http/test-adapter';
import { CloseSheet, TargetsSheet } from './position-actions';
import { btcPair, openLong } from './test-fixtures';

const pair = btcPair;
/** Long 100 × 10 at 60,000, 0.1 of funding paid (the server test's position). */
const position = openLong;

let server: ReturnType<typeof installFakeAdapter>;

/** A person pressing again later than spec §9's 800 ms anti-repeat. */
const pastAntiRepeat = () => act(() => new Promise<void>((resolve) => setTimeout(resolve, ANTI_REPEAT_MS)));

/** The first request's answer is lost; once the button is back, a press later sends a second. */
async function pressAgainAfterLostAnswer(user: ReturnType<typeof userEvent.setup>, testId: string) {
  await act(async () => server.requests[0]!.failNetwork());
  await waitFor(() => expect((screen.getByTestId(testId) as HTMLButtonElement).disabled).toBe(false));
  await pastAntiRepeat();
  await user.click(screen.getByTestId(testId));
  await waitFor(() => expect(server.requests).toHaveLength(2));
}

function renderWith(ui: React.ReactNode) {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  return render(<QueryClientProvider client={client}>{ui}</QueryClientProvider>);
}

beforeEach(() => {
  server = installFakeAdapter();
  setLanguage('en-US');
});

describe('Close confirm', () => {
  it('shows the estimated close price, close fee and what closing adds, the open fee not taken again', () => {
    renderWith(<CloseSheet position={position} pair={pair} price="61200" onDone={() => undefined} />);
    expect(screen.getByTestId('close-sheet-order').textContent).toContain('C20261125000010000');
    expect(screen.getByTestId('close-sheet-price').textContent).toContain('61,200.00');
    // 1000 · 61200/60000 · 0.0005 = 0.51; closing adds 20 − 0.51 = 19.49 (what the balance gains:
    // the open fee and the funding left it at their time).
    expect(screen.getByTestId('close-sheet-fee').textContent).toContain('-0.51 USDT');
    expect(screen.getByTestId('close-sheet-net').textContent).toBe('+19.49 USDT');
    expect(screen.getByText('If closed now (after fee)')).toBeTruthy();
  });

  it('lists its parts so they add up: unrealized PnL less the close fee; the sum in its colour', () => {
    renderWith(<CloseSheet position={position} pair={pair} price="61200" onDone={() => undefined} />);
    const text = (id: string) => screen.getByTestId(id).textContent;
    // +20 − 0.51 = +19.49
    expect(text('close-sheet-gross')).toBe('+20 USDT');
    expect(screen.getByText('Unrealized PnL')).toBeTruthy();
    expect(text('close-sheet-fee')).toContain('-0.51 USDT');
    expect(screen.queryByTestId('close-sheet-open-fee')).toBeNull();
    expect(screen.getByTestId('close-sheet-net').querySelector('b')!.className).toBe('is-up');
  });

  it('names the position it closes: pair, side and leverage', () => {
    renderWith(<CloseSheet position={position} pair={pair} price="61200" onDone={() => undefined} />);
    expect(screen.getByTestId('sheet-subject').textContent).toBe('BTC/USDT Long 10×');
  });

  it('waits, with the reason, while the price is paused', () => {
    renderWith(<CloseSheet position={position} pair={pair} price={undefined} onDone={() => undefined} />);
    expect((screen.getByTestId('close-confirm') as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByTestId('close-sheet-stale').textContent).toContain('Price paused');
  });

  it('a second press after a lost answer sends the same Idempotency-Key', async () => {
    const user = userEvent.setup();
    renderWith(<CloseSheet position={position} pair={pair} price="61200" onDone={() => undefined} />);
    await user.click(screen.getByTestId('close-confirm'));
    await waitFor(() => expect(server.requests).toHaveLength(1));
    await pressAgainAfterLostAnswer(user, 'close-confirm');
    expect(server.requests[1]!.header('Idempotency-Key')).toBeTruthy();
    expect(server.requests[1]!.header('Idempotency-Key')).toBe(server.requests[0]!.header('Idempotency-Key'));
  });
});

describe('TP / SL', () => {
  it('names the position it edits', () => {
    renderWith(<TargetsSheet position={position} pair={pair} price="61200" onDone={() => undefined} />);
    expect(screen.getByTestId('sheet-subject').textContent).toBe('BTC/USDT Long 10×');
  });

  it('checks both fields against the current price at once, as typed', async () => {
    const user = userEvent.setup();
    renderWith(<TargetsSheet position={position} pair={pair} price="61200" onDone={() => undefined} />);
    await user.type(screen.getByTestId('targets-tp'), '61000');
    await user.type(screen.getByTestId('targets-sl'), '61300');
    expect(screen.getByTestId('targets-tp-error').textContent).toContain(
      'Take-profit must be above the current price for a long and below it for a short',
    );
    expect(screen.getByTestId('targets-sl-error').textContent).toContain(
      'Stop-loss must be below the current price for a long and above it for a short',
    );
    expect((screen.getByTestId('targets-save') as HTMLButtonElement).disabled).toBe(true);
    expect(server.requests).toHaveLength(0);
  });

  it('lets a long in profit move its stop to break-even, with the estimated PnL at each target', async () => {
    const user = userEvent.setup();
    renderWith(<TargetsSheet position={position} pair={pair} price="61200" onDone={() => undefined} />);
    await user.type(screen.getByTestId('targets-sl'), '60100');
    await user.type(screen.getByTestId('targets-tp'), '66000');
    expect(screen.queryByTestId('targets-sl-error')).toBeNull();
    // At 60,100: 1000·100/60000 = 1.666666, fee 0.500833; realized 1.666666 − 0.5 − 0.1 − 0.500833.
    expect(screen.getByText('Est. realized PnL +0.565833 USDT')).toBeTruthy();
    // At 66,000: +100 − 0.5 − 0.1 − 0.55.
    expect(screen.getByText('Est. realized PnL +98.85 USDT')).toBeTruthy();
    expect((screen.getByTestId('targets-save') as HTMLButtonElement).disabled).toBe(false);
  });

  it("sends the targets typed, and puts the server's word under its field until that field changes", async () => {
    const user = userEvent.setup();
    renderWith(<TargetsSheet position={position} pair={pair} price="61200" onDone={() => undefined} />);
    await user.type(screen.getByTestId('targets-tp'), '66000');
    await user.click(screen.getByTestId('targets-save'));
    await waitFor(() => expect(server.requests).toHaveLength(1));
    expect(server.requests[0]!.body).toMatchObject({ takeProfit: '66000', stopLoss: null });
    const word = 'Take-profit is too far from the price';
    await act(async () =>
      server.requests[0]!.respond(400, {
        code: 400,
        reason: 'validation',
        message: word,
        data: { fields: { takeProfit: word } },
      }),
    );
    expect((await screen.findByTestId('targets-tp-error')).textContent).toContain(word);
    await user.type(screen.getByTestId('targets-tp'), '1');
    expect(screen.queryByTestId('targets-tp-error')).toBeNull();
  });

  it('Save keeps one Idempotency-Key until answered (anti-repeat)', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const user = userEvent.setup();
    renderWith(<TargetsSheet position={position} pair={pair} price="61200" onDone={() => undefined} />);
    await user.type(screen.getByTestId('targets-tp'), '66000');
    await user.click(screen.getByTestId('targets-save'));
    // Pressed again while the first is on its way: nothing more is sent.
    await user.click(screen.getByTestId('targets-save'));
    await waitFor(() => expect(server.requests).toHaveLength(1));
    await pressAgainAfterLostAnswer(user, 'targets-save');
    expect(server.requests[1]!.header('Idempotency-Key')).toBe(server.requests[0]!.header('Idempotency-Key'));
  });

  it('a double tap on Save sends one request', async () => {
    const user = userEvent.setup();
    renderWith(<TargetsSheet position={position} pair={pair} price="61200" onDone={() => undefined} />);
    await user.type(screen.getByTestId('targets-tp'), '66000');
    // Both clicks land before React re-renders the button as busy (a double tap).
    const save = screen.getByTestId('targets-save');
    act(() => {
      fireEvent.click(save);
      fireEvent.click(save);
    });
    await waitFor(() => expect(server.requests).toHaveLength(1));
    await act(async () => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(server.requests).toHaveLength(1);
  });
});
