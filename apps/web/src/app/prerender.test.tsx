import { StrictMode } from 'react';
import { act } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { createMemoryRouter, matchRoutes } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { App, routerReady } from './app';
import { prerenderPages } from './prerender';
import { renderPage } from './prerender-page';
import { routes } from './routes';

afterEach(() => {
  document.body.replaceChildren();
});

describe.each(prerenderPages)('the prerendered page $path', ({ path, modules: [module] }) => {
  it('hydrates without a mismatch, keeping every element of the markup', async () => {
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
      hydrateRoot(
        container,
        <StrictMode>
          <App router={router} />
        </StrictMode>,
        { onRecoverableError: (error) => problems.push(error) },
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
    expect(title).toBe(path === '/pages/login/index' ? 'Sign in · TradeFlip' : 'TradeFlip');
  });
});
