import { beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { Toast } from 'antd-mobile';
import { ApiError } from './http';
import { CancelError } from './http/errors';
import { clearStaleToasts, preloadToast, showError, showToast } from './toast';

let show: MockInstance;
const shown = () => show.mock.calls.map(([arg]) => (arg as { content: string }).content);

beforeEach(() => {
  vi.restoreAllMocks();
  show = vi.spyOn(Toast, 'show').mockImplementation(() => ({ close: () => undefined }));
});

describe('toasts', () => {
  it('show at most one per 1.2 s', () => {
    vi.useFakeTimers();
    expect(showToast('a')).toBe(true);
    expect(showToast('b')).toBe(false);
    vi.advanceTimersByTime(1199);
    expect(showToast('c')).toBe(false);
    vi.advanceTimersByTime(1);
    expect(showToast('d')).toBe(true);
    expect(shown()).toEqual(['a', 'd']);
  });

  it('render through antd-mobile on React 19 (createRoot)', async () => {
    show.mockRestore();
    // The toast renders in its own root outside any test tree: let React schedule it as in a browser.
    const env = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
    env.IS_REACT_ACT_ENVIRONMENT = false;
    try {
      showToast('Hello');
      await vi.waitFor(() => expect(document.body.textContent).toContain('Hello'));
      Toast.clear();
    } finally {
      env.IS_REACT_ACT_ENVIRONMENT = true;
    }
  });

  it('show at the top of the screen, where they cover no form', async () => {
    await preloadToast();
    vi.useFakeTimers();
    showToast('Copied');
    expect(show.mock.calls[0]?.[0]).toMatchObject({ content: 'Copied', position: 'top' });
  });

  it('are cleared by a navigation, unless shown as that navigation’s own message', async () => {
    await preloadToast();
    const clear = vi.spyOn(Toast, 'clear').mockImplementation(() => undefined);
    vi.useFakeTimers();
    showToast('Signed in');
    clearStaleToasts(); // the navigation the toast announced
    expect(clear).not.toHaveBeenCalled();
    vi.advanceTimersByTime(2000);
    clearStaleToasts(); // the person moves on: the old toast goes with the page
    expect(clear).toHaveBeenCalledTimes(1);
    clear.mockRestore();
  });

  it('showError shows an error’s message, nothing for a cancel, a fallback otherwise', () => {
    vi.useFakeTimers();
    showError(new CancelError());
    expect(show).not.toHaveBeenCalled();
    showError(new ApiError('Insufficient balance', { code: 400, kind: 'envelope' }));
    vi.advanceTimersByTime(1200);
    showError('weird');
    expect(shown()).toEqual(['Insufficient balance', 'Request failed. Please try again later.']);
  });
});
