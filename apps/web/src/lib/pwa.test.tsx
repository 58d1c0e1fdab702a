import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';

class FakeContainer extends EventTarget {
  controller: object | null = null;
  register = vi.fn(() => Promise.resolve({}));
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
    const container = new FakeContainer();
    Object.defineProperty(navigator, 'serviceWorker', { configurable: true, value: container });
    const pwa = await loadPwa();
    pwa.registerServiceWorker({ force: true });
    pwa.registerServiceWorker({ force: true });
    await vi.waitFor(() => expect(container.register).toHaveBeenCalledTimes(1));
    expect(container.register).toHaveBeenCalledWith('/sw.js', { scope: '/' });
  });

  it('is not registered where service workers do not exist', async () => {
    const pwa = await loadPwa();
    expect(() => pwa.registerServiceWorker({ force: true })).not.toThrow();
    expect(pwa.isControlled()).toBe(false);
  });

  it('reloads the page when an update takes over, not on the first install', async () => {
    const reload = vi.fn();
    vi.stubGlobal('location', { ...window.location, reload });
    const first = new FakeContainer();
    Object.defineProperty(navigator, 'serviceWorker', { configurable: true, value: first });
    let pwa = await loadPwa();
    pwa.registerServiceWorker({ force: true });
    first.controller = {};
    first.dispatchEvent(new Event('controllerchange'));
    expect(reload).not.toHaveBeenCalled();

    const updated = new FakeContainer();
    updated.controller = {};
    Object.defineProperty(navigator, 'serviceWorker', { configurable: true, value: updated });
    pwa = await loadPwa();
    pwa.registerServiceWorker({ force: true });
    updated.controller = { next: true };
    updated.dispatchEvent(new Event('controllerchange'));
    expect(reload).toHaveBeenCalledTimes(1);
    vi.unstubAllGlobals();
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
