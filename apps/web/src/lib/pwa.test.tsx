import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';

const register = vi.fn(() => Promise.resolve(undefined));
const listeners: Record<string, (e: { isUpdate?: boolean }) => void> = {};
const Workbox = vi.fn(function (this: object, url: string, opts: object) {
  Object.assign(this, {
    url,
    opts,
    register,
    addEventListener: (type: string, fn: (e: { isUpdate?: boolean }) => void) => (listeners[type] = fn),
  });
});
vi.mock('workbox-window', () => ({ Workbox }));

class FakeContainer extends EventTarget {
  controller: object | null = null;
}

async function loadPwa() {
  vi.resetModules();
  return import('./pwa');
}

afterEach(() => {
  Reflect.deleteProperty(navigator, 'serviceWorker');
  vi.unstubAllEnvs();
  vi.clearAllMocks();
});

describe('service worker', () => {
  it('is registered at /sw.js once the page has loaded', async () => {
    Object.defineProperty(navigator, 'serviceWorker', { configurable: true, value: new FakeContainer() });
    const pwa = await loadPwa();
    pwa.registerServiceWorker({ force: true });
    pwa.registerServiceWorker({ force: true });
    await vi.waitFor(() => expect(register).toHaveBeenCalledTimes(1));
    expect(Workbox).toHaveBeenCalledWith('/sw.js', { scope: '/' });
  });

  it('is not registered where service workers do not exist', async () => {
    const pwa = await loadPwa();
    expect(() => pwa.registerServiceWorker({ force: true })).not.toThrow();
    await new Promise((r) => setTimeout(r, 10));
    expect(register).not.toHaveBeenCalled();
  });

  it('reports when it controls the page', async () => {
    const container = new FakeContainer();
    Object.defineProperty(navigator, 'serviceWorker', { configurable: true, value: container });
    const pwa = await loadPwa();
    function Status() {
      return <p>{pwa.useServiceWorkerControlled() ? 'controlled' : 'not controlled'}</p>;
    }
    render(<Status />);
    expect(pwa.isControlled()).toBe(false);
    expect(screen.getByText('not controlled')).toBeTruthy();
    act(() => {
      container.controller = {};
      container.dispatchEvent(new Event('controllerchange'));
    });
    expect(pwa.isControlled()).toBe(true);
    expect(screen.getByText('controlled')).toBeTruthy();
  });
});
