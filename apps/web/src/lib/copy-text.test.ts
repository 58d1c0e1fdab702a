import { afterEach, describe, expect, it, vi } from 'vitest';
import { copyText } from './copy-text';

describe('copyText', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('writes to the clipboard where it may', async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    vi.stubGlobal('navigator', { clipboard: { writeText } });
    expect(await copyText('0xabc')).toBe(true);
    expect(writeText).toHaveBeenCalledWith('0xabc');
  });

  it('falls back to a hidden text area when the clipboard refuses, and leaves none behind', async () => {
    vi.stubGlobal('navigator', { clipboard: { writeText: vi.fn().mockRejectedValue(new Error('denied')) } });
    let copied = '';
    document.execCommand = vi.fn(() => {
      copied = document.querySelector('textarea')?.value ?? '';
      return true;
    });
    expect(await copyText('TXYZ')).toBe(true);
    expect(copied).toBe('TXYZ');
    expect(document.querySelector('textarea')).toBeNull();
  });
});
