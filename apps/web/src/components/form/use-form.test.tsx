import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { errorUnder } from './test-helpers';
import { TextField } from './text-field';
import { useForm, type LoadValidators } from './use-form';

/** A loader the test resolves by hand. */
function deferredRules() {
  let release: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  const load = vi.fn<LoadValidators<'email'>>(async () => {
    await gate;
    return { email: (value: string) => (value.includes('@') ? undefined : 'validation.email') };
  });
  return { load, release };
}

function EmailForm({
  validators,
  onResult,
}: {
  validators: LoadValidators<'email'>;
  onResult: (r: string | null) => void;
}) {
  const form = useForm<'email'>({ initial: { email: '' }, validators });
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        void form.validateAll().then(onResult);
      }}
    >
      <TextField {...form.field('email')} label="Email" />
      <button type="submit">Go</button>
    </form>
  );
}

describe('a form whose rules load lazily', () => {
  it('fetches them at the first focus, and validates blur and submit once they are there', async () => {
    const { load, release } = deferredRules();
    const results: (string | null)[] = [];
    const user = userEvent.setup();
    render(<EmailForm validators={load} onResult={(r) => results.push(r)} />);
    expect(load).not.toHaveBeenCalled();

    await user.type(screen.getByLabelText('Email'), 'nope');
    expect(load).toHaveBeenCalledTimes(1);
    await user.click(screen.getByRole('button', { name: 'Go' })); // blurs the field, then submits
    expect(errorUnder('Email')).toBe('');
    expect(results).toEqual([]);

    await act(async () => release());
    expect(errorUnder('Email')).toBe('Please enter a valid email address.');
    expect(results).toEqual(['Please enter a valid email address.']);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('lets later forms use the loaded rules at once', async () => {
    const { load, release } = deferredRules();
    release();
    const first = render(<EmailForm validators={load} onResult={() => undefined} />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Go' }));
    first.unmount();

    const user = userEvent.setup();
    render(<EmailForm validators={load} onResult={() => undefined} />);
    await user.click(screen.getByRole('button', { name: 'Go' }));
    expect(errorUnder('Email')).toBe('Please enter a valid email address.');
    expect(load).toHaveBeenCalledTimes(1);
  });
});
