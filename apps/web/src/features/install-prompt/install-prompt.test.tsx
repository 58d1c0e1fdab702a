import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { Toast } from 'antd-mobile';
import { setLanguage } from '@/lib/i18n';
import { InstallPrompt, recordPageView } from './index';
import { resetInstallModule, type BeforeInstallPromptEvent } from './install-state';

const DAY = 24 * 60 * 60 * 1000;

/** A service worker container whose controller the test sets. */
class FakeServiceWorkerContainer extends EventTarget {
  controller: object | null = null;
  take() {
    this.controller = {};
    this.dispatchEvent(new Event('controllerchange'));
  }
}
let sw: FakeServiceWorkerContainer;

async function tick(ms = 0) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

/** Two page views and the 2 s dwell, then the lazily loaded sheet. */
async function visitTwoPages() {
  act(() => {
    recordPageView();
    recordPageView();
  });
  await tick(2000);
  await tick(0);
}

function fakePromptEvent(outcome: 'accepted' | 'dismissed') {
  const event = new Event('beforeinstallprompt', { cancelable: true }) as BeforeInstallPromptEvent;
  const prompt = vi.fn(() => Promise.resolve());
  Object.assign(event, { prompt, userChoice: Promise.resolve({ outcome }) });
  return { event, prompt };
}

let toast: ReturnType<typeof vi.spyOn>;

beforeEach(async () => {
  // Load the lazy sheet once so React.lazy resolves within fake-timer ticks.
  await import('./install-sheet');
  vi.useFakeTimers({ now: new Date('2026-03-01T12:00:00Z') });
  sw = new FakeServiceWorkerContainer();
  sw.controller = {};
  Object.defineProperty(navigator, 'serviceWorker', { configurable: true, value: sw });
  toast = vi.spyOn(Toast, 'show').mockImplementation(() => ({ close: () => undefined }));
});

afterEach(() => {
  resetInstallModule();
  Reflect.deleteProperty(navigator, 'serviceWorker');
  vi.restoreAllMocks();
});

describe('<InstallPrompt />', () => {
  it('shows the sheet after 2 page views and a 2 s dwell, above everything (z-index 10000)', async () => {
    render(<InstallPrompt />);
    act(() => recordPageView());
    await tick(1000);
    act(() => recordPageView());
    await tick(1999);
    expect(screen.queryByRole('dialog')).toBeNull();
    await tick(1);
    await tick(0);
    expect(screen.getByRole('dialog', { name: 'Install TradeFlip' })).toBeTruthy();
    const layer = screen.getByTestId('install-sheet').closest<HTMLElement>('.adm-popup');
    expect(layer?.style.getPropertyValue('--z-index')).toBe('10000');
  });

  it('never pops up over a form being filled in: it waits while a field has focus and 10 s after the last input', async () => {
    render(
      <>
        <input aria-label="Margin" />
        <button type="button">Open long</button>
        <InstallPrompt />
      </>,
    );
    const margin = screen.getByRole('textbox', { name: 'Margin' });
    act(() => margin.focus());
    await visitTwoPages();
    expect(screen.queryByRole('dialog')).toBeNull();
    fireEvent.input(margin, { target: { value: '12' } });
    await tick(5000);
    // The person leaves the field for the button: still within 10 s of typing.
    act(() => screen.getByRole('button', { name: 'Open long' }).focus());
    await tick(4999);
    expect(screen.queryByRole('dialog')).toBeNull();
    await tick(1);
    await tick(0);
    expect(screen.getByRole('dialog', { name: 'Install TradeFlip' })).toBeTruthy();
  });

  it('never rises over a screen that does not allow it (a trading screen): it waits for Home or Profile', async () => {
    const view = render(<InstallPrompt allowed={false} />);
    await visitTwoPages();
    await tick(60_000);
    expect(screen.queryByRole('dialog')).toBeNull();
    view.rerender(<InstallPrompt allowed />);
    await tick(0);
    await tick(0);
    expect(screen.getByRole('dialog', { name: 'Install TradeFlip' })).toBeTruthy();
  });

  it('waits until a service worker controls the page', async () => {
    sw.controller = null;
    render(<InstallPrompt />);
    await visitTwoPages();
    await tick(10_000);
    expect(screen.queryByRole('dialog')).toBeNull();
    act(() => sw.take());
    await tick(0);
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it('stays away when running standalone', async () => {
    vi.spyOn(window, 'matchMedia').mockImplementation(
      (query) => ({ matches: query.includes('standalone'), media: query }) as MediaQueryList,
    );
    render(<InstallPrompt />);
    await visitTwoPages();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('offers “Install now” when the browser supports it, and remembers the install', async () => {
    const { event, prompt } = fakePromptEvent('accepted');
    window.dispatchEvent(event);
    render(<InstallPrompt />);
    await visitTwoPages();
    fireEvent.click(screen.getByRole('button', { name: 'Install now' }));
    await tick(0);
    expect(prompt).toHaveBeenCalledTimes(1);
    expect(localStorage.getItem('pwa.installed')).toBe('1');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('otherwise offers “How to install” with the desktop Chrome/Edge guide', async () => {
    render(<InstallPrompt />);
    await visitTwoPages();
    expect(screen.queryByRole('button', { name: 'Install now' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'How to install' }));
    expect(screen.getByText('Chrome / Edge on a computer')).toBeTruthy();
    expect(screen.getByText(/install icon at the right end of the address bar/)).toBeTruthy();
  });

  it('guides iOS Safari to Share → Add to Home Screen', async () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
    );
    render(<InstallPrompt />);
    await visitTwoPages();
    fireEvent.click(screen.getByRole('button', { name: 'How to install' }));
    expect(screen.getByText('Tap the Share button at the bottom of Safari')).toBeTruthy();
    expect(screen.getByText('Scroll down and tap “Add to Home Screen”')).toBeTruthy();
  });

  it('tells other iOS browsers to open Safari first, with Copy link', async () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/123.0 Mobile/15E148 Safari/604.1',
    );
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } });
    render(<InstallPrompt />);
    await visitTwoPages();
    fireEvent.click(screen.getByRole('button', { name: 'How to install' }));
    expect(screen.getByText('Open in Safari first')).toBeTruthy();
    const copyButtons = screen.getAllByRole('button', { name: 'Copy link' });
    expect(copyButtons.length).toBeGreaterThan(0);
    fireEvent.click(copyButtons[0]!);
    await tick(0);
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/`);
    expect(toast).toHaveBeenCalledWith(expect.objectContaining({ content: 'Link copied' }));
    Reflect.deleteProperty(navigator, 'clipboard');
  });

  it('copies the link without the Clipboard API too', async () => {
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: undefined });
    const execCommand = vi.fn(() => true);
    Object.defineProperty(document, 'execCommand', { configurable: true, value: execCommand });
    render(<InstallPrompt />);
    await visitTwoPages();
    fireEvent.click(screen.getByRole('button', { name: 'Copy link' }));
    await tick(0);
    expect(execCommand).toHaveBeenCalledWith('copy');
    expect(toast).toHaveBeenCalledWith(expect.objectContaining({ content: 'Link copied' }));
    Reflect.deleteProperty(navigator, 'clipboard');
    Reflect.deleteProperty(document, 'execCommand');
  });

  it('“Later” hides it for 2 days', async () => {
    const first = render(<InstallPrompt />);
    await visitTwoPages();
    fireEvent.click(screen.getByRole('button', { name: 'Later' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(localStorage.getItem('pwa.dismissedAt')).toBe(String(Date.now()));
    expect(localStorage.getItem('pwa.snoozeDays')).toBe('2');
    first.unmount();

    // Next visit a day later: still hidden.
    vi.setSystemTime(Date.now() + DAY);
    const second = render(<InstallPrompt />);
    await visitTwoPages();
    expect(screen.queryByRole('dialog')).toBeNull();
    second.unmount();

    // After the 2 days: back.
    vi.setSystemTime(Date.now() + DAY);
    render(<InstallPrompt />);
    await visitTwoPages();
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it('the close ✕ means never', async () => {
    const first = render(<InstallPrompt />);
    await visitTwoPages();
    fireEvent.click(screen.getByRole('button', { name: 'Close and don’t show again' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(localStorage.getItem('pwa.never')).toBe('1');
    first.unmount();
    vi.setSystemTime(Date.now() + 365 * DAY);
    render(<InstallPrompt />);
    await visitTwoPages();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('closes when the app gets installed from the browser menu', async () => {
    render(<InstallPrompt />);
    await visitTwoPages();
    act(() => {
      window.dispatchEvent(new Event('appinstalled'));
    });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(localStorage.getItem('pwa.installed')).toBe('1');
  });

  it('speaks Chinese', async () => {
    act(() => setLanguage('zh-CN'));
    render(<InstallPrompt />);
    await visitTwoPages();
    expect(screen.getByRole('dialog', { name: '安装 TradeFlip' })).toBeTruthy();
    expect(screen.getByRole('button', { name: '如何安装' })).toBeTruthy();
    expect(screen.getByRole('button', { name: '稍后' })).toBeTruthy();
    expect(screen.getByRole('button', { name: '复制链接' })).toBeTruthy();
  });
});
