import { Component, Suspense, type ReactNode } from 'react';
import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { lazyPart } from './lazy-part';

/** Stands for the route's error page. */
class ErrorPage extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? <p>Request failed</p> : this.props.children;
  }
}

function setOnline(online: boolean) {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online);
  window.dispatchEvent(new Event(online ? 'online' : 'offline'));
}

const Feed = () => <p>Live plays</p>;

function screenWith(load: () => Promise<{ default: typeof Feed }>) {
  const Part = lazyPart(load);
  render(
    <ErrorPage>
      <Suspense fallback={<p>Loading</p>}>
        <Part />
      </Suspense>
    </ErrorPage>,
  );
}

afterEach(() => vi.restoreAllMocks());

describe('lazyPart', () => {
  it('offline, keeps its place and shows once the connection is back', async () => {
    setOnline(false);
    const load = vi
      .fn<() => Promise<{ default: typeof Feed }>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValue({ default: Feed });
    screenWith(load);
    await act(() => Promise.resolve());
    expect(screen.getByText('Loading')).toBeTruthy();
    expect(screen.queryByText('Request failed')).toBeNull();

    await act(async () => setOnline(true));
    expect(await screen.findByText('Live plays')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('online, a chunk that cannot load still reaches the error page', async () => {
    setOnline(true);
    vi.spyOn(console, 'error').mockImplementation(() => {});
    screenWith(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module')));
    expect(await screen.findByText('Request failed')).toBeTruthy();
  });
});
