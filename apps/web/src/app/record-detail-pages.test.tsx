// What the deposit and withdrawal detail pages (components/record-detail-page.tsx) say without a
// record: 'Missing parameter: id' without an id, and so when the server has no such record (a 404).
import { screen } from '@testing-library/react';
import { beforeEach, expect, it, vi } from 'vitest';
import { ApiError, http } from '@/lib/http';
import { renderApp } from './test-utils';

beforeEach(() => {
  vi.restoreAllMocks();
  vi.spyOn(http, 'get').mockRejectedValue(
    new ApiError('Not found', { kind: 'envelope', code: 404, status: 404, reason: 'not_found' }),
  );
});

it.each([
  ['depositDetail', '', 'deposit-not-found', 'This deposit record does not exist.'],
  ['withdrawDetail', '?id=', 'withdrawal-not-found', 'This withdrawal record does not exist.'],
])(
  "/pages/wallet/%s says 'Missing parameter: id' without an id, and when the record does not exist",
  async (page, noId, notFound, text) => {
    const first = renderApp(`/pages/wallet/${page}${noId}`, { signedIn: true });
    expect((await screen.findByTestId('missing-id')).textContent).toContain('Missing parameter: id');
    first.unmount();

    renderApp(`/pages/wallet/${page}?id=99`, { signedIn: true });
    expect((await screen.findByTestId(notFound)).textContent).toContain(text);
  },
);
