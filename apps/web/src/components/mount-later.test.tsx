import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MountLater } from './mount-later';

describe('MountLater', () => {
  it('holds the room with its placeholder first, then shows its children', async () => {
    render(
      <MountLater placeholder={<div data-testid="slot" />}>
        <p>Positions</p>
      </MountLater>,
    );
    expect(screen.getByTestId('slot')).toBeTruthy();
    expect(screen.queryByText('Positions')).toBeNull();
    expect(await screen.findByText('Positions')).toBeTruthy();
    expect(screen.queryByTestId('slot')).toBeNull();
  });
});
