import { StrictMode } from 'react';
import { act } from '@testing-library/react';
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import { createMemoryRouter, matchRoutes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resetSessionCache } from '@/lib/session';
import { storageKeys } from '@/lib/storage-keys';
import { App, routerReady } from './app';
import { prerenderPages } from './prerender';
import { renderPage } from './prerender-page';
import { routes } from './routes';

/** The roots a test rendered, unmounted after it: else their queries and bells update later, outside act(). */
const mounted: Root[] = [];

afterEach(() => {
  act(() => mounted.splice(0).forEach((root) => root.unmount()));
  document.body.replaceChildren();
  localStorage.clear();
  resetSessionCache();
  vi.unstubAllGlobals();
});

/** The markup with inline styles written one way (React's and the server's spacing differ). */
function normalised(container: HTMLElement): string {
  const copy = container.cloneNode(true) as HTMLElement;
  copy.querySelectorAll<HTMLElement>('[style]').forEach((el) => el.setAttribute('style', el.style.cssText));
  return copy.innerHTML;
}

/**
 * The markup as a signed-in person sees it: without what CSS hides from them (.visitor-only), and each
 * part that is theirs (Home's avatar and balance: data-session-part) as its name alone, since the
 * shell holds a same-sized stand-in for it.
 */
function asSignedInSees(container: HTMLElement): string {
  const copy = container.cloneNode(true) as HTMLElement;
  copy.querySelectorAll('.visitor-only').forEach((el) => el.remove());
  copy.querySelectorAll<HTMLElement>('[data-session-part]').forEach((el) => {
    const part = document.createElement('i');
    part.dataset.sessionPart = el.dataset.sessionPart;
    el.replaceWith(part);
  });
  return normalised(copy);
}

const titles: Record<string, string> = {
  '/pages/login/index': 'Sign in · TradeFlip',
  '/pages/game/detail?id=BTCUSDT': 'Contract game · TradeFlip',
  '/pages/flip-lightning/index': 'Lightning Flip · TradeFlip',
};

describe.each(prerenderPages)('the prerendered page $path', ({ path, modules: [module], shell }) => {
  it.skipIf(shell)('hydrates without a mismatch, keeping every element of the markup', async () => {
    const { html } = await renderPage(path);
    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.append(container);
    const before = [...container.querySelectorAll('*')];
    expect(before.length).toBeGreaterThan(10);

    const router = createMemoryRouter(routes, { initialEntries: [path] });
    await routerReady(router);
    const problems: unknown[] = [];
    await act(async () => {
      mounted.push(
        hydrateRoot(
          container,
          <StrictMode>
            <App router={router} />
          </StrictMode>,
          { onRecoverableError: (error) => problems.push(error) },
        ),
      );
    });
    expect(problems).toEqual([]);
    expect([...container.querySelectorAll('*')]).toEqual(before);
  });

  it(`preloads ${module}, the module the route table loads`, async () => {
    const route = matchRoutes(routes, path)?.at(-1)?.route;
    if (typeof route?.lazy !== 'function') throw new Error(`${path} has no lazy route`);
    const { Component } = await route.lazy();
    const loaded = (await import(/* @vite-ignore */ `/${module}`)) as Record<string, unknown>;
    expect(Object.values(loaded)).toContain(Component);
  });

  it('has the title the page gives itself', async () => {
    const { title } = await renderPage(path);
    expect(title).toBe(titles[path] ?? 'TradeFlip');
  });

  // A shell is shown to signed-in visitors too: their first render of the page must be the same
  // markup, so the swap neither jumps nor flashes.
  it.runIf(shell)('is what a signed-in person first sees of the page, replaced by it', async () => {
    const { html } = await renderPage(path);
    localStorage.setItem(storageKeys.token, 'tok');
    localStorage.setItem(storageKeys.userId, '7');
    localStorage.setItem(storageKeys.email, 'shell@example.com');
    resetSessionCache();
    // No answers yet: the first render is the one that replaces the shell.
    vi.stubGlobal('fetch', () => new Promise(() => undefined));
    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.append(container);
    const shellMarkup = asSignedInSees(container);

    const router = createMemoryRouter(routes, { initialEntries: [path] });
    await routerReady(router);
    await act(async () => {
      const root = createRoot(container);
      mounted.push(root);
      root.render(
        <StrictMode>
          <App router={router} />
        </StrictMode>,
      );
    });
    expect(asSignedInSees(container)).toBe(shellMarkup);
  });
});
