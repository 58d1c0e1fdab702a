import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  detectPlatform,
  getPageViews,
  InstallController,
  listenForInstallEvents,
  recordPageView,
  resetInstallModule,
  suppression,
  type BeforeInstallPromptEvent,
  type InstallControllerOptions,
} from './install-state';

const DAY = 24 * 60 * 60 * 1000;
const stops: (() => void)[] = [];

function controller(opts: InstallControllerOptions = {}) {
  const c = new InstallController({ isControlled: () => true, isStandalone: () => false, ...opts });
  stops.push(c.start());
  return c;
}

function fakePromptEvent(outcome: 'accepted' | 'dismissed') {
  const event = new Event('beforeinstallprompt', { cancelable: true }) as BeforeInstallPromptEvent;
  const prompt = vi.fn(() => Promise.resolve());
  Object.assign(event, { prompt, userChoice: Promise.resolve({ outcome, platform: 'web' }) });
  return { event, prompt };
}

beforeEach(() => {
  vi.useFakeTimers({ now: new Date('2026-03-01T12:00:00Z') });
  listenForInstallEvents(window);
});

afterEach(() => {
  for (const stop of stops.splice(0)) stop();
  resetInstallModule();
});

describe('page views', () => {
  it('are counted per route change and kept in pwa.pv', () => {
    expect(getPageViews()).toBe(0);
    recordPageView();
    recordPageView();
    expect(localStorage.getItem('pwa.pv')).toBe('2');
    expect(getPageViews()).toBe(2);
  });

  it('treat a corrupt pwa.pv as zero', () => {
    localStorage.setItem('pwa.pv', 'abc');
    recordPageView();
    expect(getPageViews()).toBe(1);
  });
});

describe('idle → canPrompt', () => {
  it('needs 2 page views and a 2 s dwell', () => {
    const c = controller();
    recordPageView();
    vi.advanceTimersByTime(5000);
    expect(c.getSnapshot().state).toBe('idle');
    recordPageView();
    vi.advanceTimersByTime(1999);
    expect(c.getSnapshot().state).toBe('idle');
    vi.advanceTimersByTime(1);
    expect(c.getSnapshot().state).toBe('canPrompt');
  });

  it('restarts the dwell on every page view', () => {
    const c = controller();
    recordPageView();
    recordPageView();
    vi.advanceTimersByTime(1500);
    recordPageView();
    vi.advanceTimersByTime(1500);
    expect(c.getSnapshot().state).toBe('idle');
    vi.advanceTimersByTime(500);
    expect(c.getSnapshot().state).toBe('canPrompt');
  });

  it('counts page views from earlier visits', () => {
    localStorage.setItem('pwa.pv', '5');
    const c = controller();
    recordPageView();
    vi.advanceTimersByTime(2000);
    expect(c.getSnapshot().state).toBe('canPrompt');
  });

  it('counts the time since a page view recorded before it started', () => {
    recordPageView();
    recordPageView();
    vi.advanceTimersByTime(1200);
    const c = controller();
    vi.advanceTimersByTime(799);
    expect(c.getSnapshot().state).toBe('idle');
    vi.advanceTimersByTime(1);
    expect(c.getSnapshot().state).toBe('canPrompt');
  });

  it('waits until a service worker controls the page', () => {
    const c = controller({ isControlled: () => false });
    recordPageView();
    recordPageView();
    vi.advanceTimersByTime(10_000);
    expect(c.getSnapshot().state).toBe('idle');
    c.setControlled(true);
    expect(c.getSnapshot().state).toBe('canPrompt');
  });

  it('never happens when running standalone', () => {
    const c = controller({ isStandalone: () => true });
    recordPageView();
    recordPageView();
    vi.advanceTimersByTime(2000);
    expect(c.getSnapshot().state).toBe('idle');
  });

  it.each([
    ['pwa.installed', '1'],
    ['pwa.never', '1'],
  ])('never happens when %s is set', (key, value) => {
    localStorage.setItem(key, value);
    const c = controller();
    recordPageView();
    recordPageView();
    vi.advanceTimersByTime(2000);
    expect(c.getSnapshot().state).toBe('idle');
  });
});

describe('snooze', () => {
  it('hides the prompt for pwa.snoozeDays days after pwa.dismissedAt', () => {
    const now = Date.now();
    localStorage.setItem('pwa.dismissedAt', String(now - 2 * DAY + 1000));
    localStorage.setItem('pwa.snoozeDays', '2');
    expect(suppression(now, false)).toBe('snoozed');
    expect(suppression(now + 999, false)).toBe('snoozed');
    expect(suppression(now + 1000, false)).toBeNull();
    localStorage.setItem('pwa.snoozeDays', '7');
    expect(suppression(now + 3 * DAY, false)).toBe('snoozed');
  });

  it('“Later” snoozes for 2 days', () => {
    const c = controller();
    recordPageView();
    recordPageView();
    vi.advanceTimersByTime(2000);
    c.show();
    expect(c.getSnapshot().state).toBe('shown');
    c.later();
    expect(c.getSnapshot().state).toBe('dismissed');
    expect(localStorage.getItem('pwa.dismissedAt')).toBe(String(Date.now()));
    expect(localStorage.getItem('pwa.snoozeDays')).toBe('2');
    expect(suppression(Date.now() + 2 * DAY - 1, false)).toBe('snoozed');
    expect(suppression(Date.now() + 2 * DAY, false)).toBeNull();
  });

  it('comes back after the snooze', () => {
    localStorage.setItem('pwa.dismissedAt', String(Date.now() - 2 * DAY - 1));
    localStorage.setItem('pwa.snoozeDays', '2');
    const c = controller();
    recordPageView();
    recordPageView();
    vi.advanceTimersByTime(2000);
    expect(c.getSnapshot().state).toBe('canPrompt');
  });
});

describe('shown → accepted / dismissed', () => {
  function shown(c: InstallController) {
    recordPageView();
    recordPageView();
    vi.advanceTimersByTime(2000);
    c.show();
    expect(c.getSnapshot().state).toBe('shown');
  }

  it('show() only moves from canPrompt', () => {
    const c = controller();
    c.show();
    expect(c.getSnapshot().state).toBe('idle');
  });

  it('close ✕ means never', () => {
    const c = controller();
    shown(c);
    c.never();
    expect(c.getSnapshot().state).toBe('dismissed');
    expect(localStorage.getItem('pwa.never')).toBe('1');
    expect(suppression(Date.now() + 365 * DAY, false)).toBe('never');
  });

  it('captures beforeinstallprompt and keeps the browser’s own banner away', () => {
    const c = controller();
    expect(c.getSnapshot().canInstallNatively).toBe(false);
    const { event } = fakePromptEvent('accepted');
    window.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(true);
    expect(c.getSnapshot().canInstallNatively).toBe(true);
  });

  it('“Install now” accepted marks pwa.installed', async () => {
    const c = controller();
    const { event, prompt } = fakePromptEvent('accepted');
    window.dispatchEvent(event);
    shown(c);
    await expect(c.install()).resolves.toBe('accepted');
    expect(prompt).toHaveBeenCalledTimes(1);
    expect(c.getSnapshot().state).toBe('accepted');
    expect(localStorage.getItem('pwa.installed')).toBe('1');
    expect(c.getSnapshot().canInstallNatively).toBe(false);
  });

  it('“Install now” refused in the browser dialog snoozes like Later', async () => {
    const c = controller();
    window.dispatchEvent(fakePromptEvent('dismissed').event);
    shown(c);
    await expect(c.install()).resolves.toBe('dismissed');
    expect(c.getSnapshot().state).toBe('dismissed');
    expect(localStorage.getItem('pwa.installed')).toBeNull();
    expect(localStorage.getItem('pwa.snoozeDays')).toBe('2');
  });

  it('install() without a captured event is unavailable', async () => {
    const c = controller();
    shown(c);
    await expect(c.install()).resolves.toBe('unavailable');
    expect(c.getSnapshot().state).toBe('shown');
  });

  it('appinstalled marks pwa.installed and ends the prompt', () => {
    const c = controller();
    shown(c);
    window.dispatchEvent(new Event('appinstalled'));
    expect(localStorage.getItem('pwa.installed')).toBe('1');
    expect(c.getSnapshot().state).toBe('accepted');
  });
});

describe('detectPlatform', () => {
  const cases: [string, string, string, number, string][] = [
    [
      'iPhone Safari',
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
      'iPhone',
      5,
      'ios-safari',
    ],
    [
      'iPhone Chrome',
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/123.0 Mobile/15E148 Safari/604.1',
      'iPhone',
      5,
      'ios-other',
    ],
    [
      'iPhone WeChat',
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.47',
      'iPhone',
      5,
      'ios-other',
    ],
    [
      'iPad in desktop mode',
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15',
      'MacIntel',
      5,
      'ios-safari',
    ],
    [
      'Android Chrome',
      'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Mobile Safari/537.36',
      'Linux armv8l',
      5,
      'android',
    ],
    [
      'Windows Edge',
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36 Edg/124.0',
      'Win32',
      0,
      'desktop',
    ],
    [
      'Mac Chrome',
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36',
      'MacIntel',
      0,
      'desktop',
    ],
  ];
  it.each(cases)('%s', (_name, ua, platform, touch, expected) => {
    expect(detectPlatform(ua, platform, touch)).toBe(expected);
  });
});
