import { act, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { expect, it } from 'vitest';
import { getAppQueryClient } from '@/lib/app-query-client';
import { paths } from '@/lib/paths';
import { AppProviders } from './providers';
import { routes } from './routes';

it('is created by the first page that may query, not by Home, and provided from then on', async () => {
  const router = createMemoryRouter(routes, { initialEntries: [paths.home] });
  render(
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  expect(await screen.findByRole('heading', { level: 1, name: 'TradeFlip' })).toBeTruthy();
  expect(getAppQueryClient()).toBeUndefined();

  await act(() => router.navigate(paths.login));
  expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeTruthy();
  expect(getAppQueryClient()).toBeDefined();
  expect(screen.getByRole('button', { name: 'Sign in' })).toBeTruthy();
});
