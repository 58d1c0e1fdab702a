import { describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { useAntiRepeat } from './anti-repeat';

function Button({ onPress }: { onPress: () => unknown }) {
  const press = useAntiRepeat(onPress);
  return (
    <button type="button" onClick={() => void press()}>
      Submit
    </button>
  );
}

describe('useAntiRepeat', () => {
  it('ignores presses until 800 ms after the last accepted one', () => {
    vi.useFakeTimers();
    const onPress = vi.fn();
    render(<Button onPress={onPress} />);
    const button = screen.getByRole('button');
    act(() => {
      button.click();
    });
    act(() => {
      button.click();
    });
    expect(onPress).toHaveBeenCalledTimes(1);
    act(() => {
      vi.advanceTimersByTime(799);
    });
    act(() => {
      button.click();
    });
    expect(onPress).toHaveBeenCalledTimes(1);
    act(() => {
      vi.advanceTimersByTime(1);
    });
    act(() => {
      button.click();
    });
    expect(onPress).toHaveBeenCalledTimes(2);
  });

  it('keeps an async press locked until it settles, then 800 ms more', async () => {
    vi.useFakeTimers();
    let finish!: () => void;
    const onPress = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    render(<Button onPress={onPress} />);
    const button = screen.getByRole('button');
    act(() => {
      button.click();
    });
    act(() => {
      vi.advanceTimersByTime(5000);
    });
    act(() => {
      button.click();
    });
    expect(onPress).toHaveBeenCalledTimes(1);
    await act(async () => finish());
    act(() => {
      vi.advanceTimersByTime(800);
    });
    act(() => {
      button.click();
    });
    expect(onPress).toHaveBeenCalledTimes(2);
  });
});
