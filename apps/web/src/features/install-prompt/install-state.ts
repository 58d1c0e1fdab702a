// The install prompt's rules (spec §2, §4, §9), free of React so they can be tested with fake timers:
// idle → canPrompt (2+ page views, 2 s dwell on a page, a service worker controls the page, nothing
// suppresses it) → shown → accepted (installed) or dismissed (Later: 2-day snooze; close: never).
import { isStandalone } from '@/lib/install-request';
import { readStorage, storageKeys, writeStorage } from '@/lib/storage-keys';

export type InstallState = 'idle' | 'canPrompt' | 'shown' | 'accepted' | 'dismissed';

export const MIN_PAGE_VIEWS = 2;
export const DWELL_MS = 2000;
export const SNOOZE_DAYS = 2;
/** Above every other layer, antd-mobile's popups included. */
export const SHEET_Z_INDEX = 10000;
const DAY_MS = 24 * 60 * 60 * 1000;

/** Chromium's install event (not in the DOM typings). */
export interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<unknown>;
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed'; platform?: string }>;
}

// ---- page views, counted per route change and kept across visits (pwa.pv) ----

type PageViewListener = () => void;
const pageViewListeners = new Set<PageViewListener>();
let lastPageViewAt: number | null = null;

export function getPageViews(): number {
  const n = Number.parseInt(readStorage(storageKeys.pwaPageViews) ?? '0', 10);
  return Number.isFinite(n) && n > 0 ? n : 0;
}

/** Counts a page view; the app shell calls it on every route change. */
export function recordPageView(now: number = Date.now()): void {
  writeStorage(storageKeys.pwaPageViews, String(getPageViews() + 1));
  lastPageViewAt = now;
  for (const fn of [...pageViewListeners]) fn();
}

// ---- the browser's install event, captured as early as possible ----

type PromptListener = (event: BeforeInstallPromptEvent | null) => void;
const promptListeners = new Set<PromptListener>();
let deferredPrompt: BeforeInstallPromptEvent | null = null;
const installedListeners = new Set<() => void>();

export function getDeferredPrompt(): BeforeInstallPromptEvent | null {
  return deferredPrompt;
}

function setDeferredPrompt(event: BeforeInstallPromptEvent | null) {
  deferredPrompt = event;
  for (const fn of [...promptListeners]) fn(event);
}

/** Listens for beforeinstallprompt (keeping it for our own button) and appinstalled. Idempotent. */
let listening = false;
export function listenForInstallEvents(target: Window = window): void {
  if (listening) return;
  listening = true;
  target.addEventListener('beforeinstallprompt', (event) => {
    // Keep Chromium's own mini-infobar away; our sheet offers the install.
    event.preventDefault();
    setDeferredPrompt(event as BeforeInstallPromptEvent);
  });
  target.addEventListener('appinstalled', () => {
    writeStorage(storageKeys.pwaInstalled, '1');
    setDeferredPrompt(null);
    for (const fn of [...installedListeners]) fn();
  });
}

// ---- what stops the prompt ----

export { isStandalone };

/** Why the prompt must not show, or null when it may. */
export function suppression(
  now: number,
  standalone: boolean,
): 'standalone' | 'installed' | 'never' | 'snoozed' | null {
  if (standalone) return 'standalone';
  if (readStorage(storageKeys.pwaInstalled)) return 'installed';
  if (readStorage(storageKeys.pwaNever)) return 'never';
  const dismissedAt = Number(readStorage(storageKeys.pwaDismissedAt));
  const snoozeDays = Number(readStorage(storageKeys.pwaSnoozeDays) ?? SNOOZE_DAYS);
  if (
    dismissedAt > 0 &&
    now < dismissedAt + (Number.isFinite(snoozeDays) ? snoozeDays : SNOOZE_DAYS) * DAY_MS
  ) {
    return 'snoozed';
  }
  return null;
}

// ---- the controller ----

export interface InstallControllerOptions {
  now?: () => number;
  isStandalone?: () => boolean;
  isControlled?: () => boolean;
  minPageViews?: number;
  dwellMs?: number;
}

export interface InstallSnapshot {
  state: InstallState;
  /** The browser offered an install prompt: 'Install now' instead of 'How to install'. */
  canInstallNatively: boolean;
}

export class InstallController {
  private state: InstallState = 'idle';
  private canInstallNatively = getDeferredPrompt() !== null;
  private snapshot: InstallSnapshot = { state: this.state, canInstallNatively: this.canInstallNatively };
  private controlled: boolean;
  private dwellDone = false;
  private dwellTimer: ReturnType<typeof setTimeout> | undefined;
  private readonly listeners = new Set<() => void>();
  private readonly cleanups: (() => void)[] = [];
  private readonly now: () => number;
  private readonly standalone: () => boolean;
  private readonly minPageViews: number;
  private readonly dwellMs: number;

  constructor(opts: InstallControllerOptions = {}) {
    this.now = opts.now ?? Date.now;
    this.standalone = opts.isStandalone ?? (() => isStandalone());
    this.controlled = opts.isControlled?.() ?? false;
    this.minPageViews = opts.minPageViews ?? MIN_PAGE_VIEWS;
    this.dwellMs = opts.dwellMs ?? DWELL_MS;
  }

  /** Starts watching page views, the install events and the dwell timer. Returns stop(). */
  start(): () => void {
    const onPageView = () => this.restartDwell(this.dwellMs);
    pageViewListeners.add(onPageView);
    const onPrompt: PromptListener = (event) => {
      this.canInstallNatively = event !== null;
      this.emit();
    };
    promptListeners.add(onPrompt);
    const onInstalled = () => this.finish('accepted');
    installedListeners.add(onInstalled);
    this.cleanups.push(
      () => pageViewListeners.delete(onPageView),
      () => promptListeners.delete(onPrompt),
      () => installedListeners.delete(onInstalled),
      () => clearTimeout(this.dwellTimer),
    );
    // A page view recorded before we started (the shell's first effect) counts its time already spent.
    if (lastPageViewAt !== null) this.restartDwell(Math.max(0, this.dwellMs - (this.now() - lastPageViewAt)));
    this.evaluate();
    return () => {
      for (const fn of this.cleanups.splice(0)) fn();
    };
  }

  subscribe = (fn: () => void): (() => void) => {
    this.listeners.add(fn);
    return () => {
      this.listeners.delete(fn);
    };
  };

  getSnapshot = (): InstallSnapshot => this.snapshot;

  setControlled(controlled: boolean): void {
    this.controlled = controlled;
    this.evaluate();
  }

  /** canPrompt → shown (the sheet is on screen). */
  show(): void {
    if (this.state !== 'canPrompt') return;
    this.state = 'shown';
    this.emit();
  }

  /** 'Install now': the browser's prompt; accepted → installed, refused → the Later snooze. */
  async install(): Promise<'accepted' | 'dismissed' | 'unavailable'> {
    const event = getDeferredPrompt();
    if (!event) return 'unavailable';
    // A captured event can be used once.
    setDeferredPrompt(null);
    await event.prompt();
    const choice = await event.userChoice;
    if (choice.outcome === 'accepted') {
      writeStorage(storageKeys.pwaInstalled, '1');
      this.finish('accepted');
      return 'accepted';
    }
    this.later();
    return 'dismissed';
  }

  /** 'Later': hidden for 2 days. */
  later(): void {
    writeStorage(storageKeys.pwaDismissedAt, String(this.now()));
    writeStorage(storageKeys.pwaSnoozeDays, String(SNOOZE_DAYS));
    this.finish('dismissed');
  }

  /** The close ✕: never again. */
  never(): void {
    writeStorage(storageKeys.pwaNever, '1');
    this.finish('dismissed');
  }

  private finish(state: 'accepted' | 'dismissed') {
    clearTimeout(this.dwellTimer);
    this.state = state;
    this.emit();
  }

  private restartDwell(ms: number) {
    clearTimeout(this.dwellTimer);
    this.dwellDone = false;
    this.dwellTimer = setTimeout(() => {
      this.dwellDone = true;
      this.evaluate();
    }, ms);
  }

  private evaluate() {
    if (this.state !== 'idle') return;
    if (
      this.dwellDone &&
      this.controlled &&
      getPageViews() >= this.minPageViews &&
      suppression(this.now(), this.standalone()) === null
    ) {
      this.state = 'canPrompt';
      this.emit();
    }
  }

  private emit() {
    this.snapshot = { state: this.state, canInstallNatively: this.canInstallNatively };
    for (const fn of [...this.listeners]) fn();
  }
}

/** For tests: forget module-level state. */
export function resetInstallModule(): void {
  lastPageViewAt = null;
  deferredPrompt = null;
  pageViewListeners.clear();
  promptListeners.clear();
  installedListeners.clear();
}

// ---- which guide 'How to install' shows ----

export type InstallPlatform = 'ios-safari' | 'ios-other' | 'android' | 'desktop';

export function detectPlatform(
  ua: string = navigator.userAgent,
  platform: string = navigator.platform,
  maxTouchPoints: number = navigator.maxTouchPoints ?? 0,
): InstallPlatform {
  // iPadOS reports itself as a Mac with touch.
  const ios = /iPad|iPhone|iPod/i.test(ua) || (platform === 'MacIntel' && maxTouchPoints > 1);
  if (ios) {
    const otherBrowser =
      /CriOS|FxiOS|EdgiOS|OPiOS|OPT\/|GSA\/|YaBrowser|DuckDuckGo|Focus|mercury|Line\/|FBAN|FBAV|Instagram|MicroMessenger|MQQBrowser|QQ\/|Weibo|UCBrowser|baiduboxapp|AlipayClient|DingTalk/i.test(
        ua,
      );
    return !otherBrowser && /Safari\//i.test(ua) ? 'ios-safari' : 'ios-other';
  }
  if (/Android/i.test(ua)) return 'android';
  return 'desktop';
}
