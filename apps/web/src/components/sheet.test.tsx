import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { Sheet } from './sheet';

describe('<Sheet />', () => {
  it('shows its title, body and actions, the way out first, which closes it', () => {
    const onClose = vi.fn();
    render(
      <Sheet
        onClose={onClose}
        title="Close position"
        testId="a-sheet"
        cancel="Cancel"
        actions={<button type="button">Close now</button>}
      >
        <p>Body</p>
      </Sheet>,
    );
    const sheet = screen.getByTestId('a-sheet');
    expect(sheet.querySelector('h2')?.textContent).toBe('Close position');
    expect([...sheet.querySelectorAll('.sheet-actions button')].map((b) => b.textContent)).toEqual([
      'Cancel',
      'Close now',
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('is announced as a dialog by its title when it asks to confirm, and its way out waits while busy', () => {
    render(
      <Sheet onClose={() => undefined} title="Confirm" dialog cancel="Keep" busy>
        <p>Sure?</p>
      </Sheet>,
    );
    expect(screen.getByRole('dialog', { name: 'Confirm' })).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Keep' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('has a ✕ at its corner when asked, closing it or doing what it is told', () => {
    const onClose = vi.fn();
    const onNever = vi.fn();
    const { rerender } = render(
      <Sheet onClose={onClose} title="Install" close={{ label: 'Close' }}>
        <p>Body</p>
      </Sheet>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    rerender(
      <Sheet onClose={onClose} title="Install" close={{ label: 'Never', onClick: onNever }}>
        <p>Body</p>
      </Sheet>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Never' }));
    expect(onNever).toHaveBeenCalledTimes(1);
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('sits on the layer it is given, above the others', () => {
    render(
      <Sheet onClose={() => undefined} title="On top" testId="top-sheet" zIndex={10000}>
        <p>Body</p>
      </Sheet>,
    );
    const layer = screen.getByTestId('top-sheet').closest<HTMLElement>('.adm-popup');
    expect(layer?.style.getPropertyValue('--z-index')).toBe('10000');
  });

  it('shows nothing while not visible', () => {
    render(
      <Sheet visible={false} onClose={() => undefined} title="Hidden" testId="hidden-sheet">
        <p>Body</p>
      </Sheet>,
    );
    expect(screen.queryByTestId('hidden-sheet')).toBeNull();
  });
});
