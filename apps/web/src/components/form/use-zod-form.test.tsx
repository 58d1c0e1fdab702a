import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { zodResolver } from '@hookform/resolvers/zod';
import type { Resolver } from 'react-hook-form';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { lazyResolver } from './lazy-resolver';
import { repeatOf } from './repeat';
import { errorUnder } from './test-helpers';
import { TextField } from './text-field';
import { useZodForm } from './use-zod-form';

type Email = { email: string };
const emailSchema = z.object({
  email: z.string().min(1, 'validation.emailRequired').email('validation.email'),
});

function EmailForm({
  rules,
  onResult,
}: {
  rules: { resolver: Resolver<Email>; preload?: () => unknown };
  onResult: (r: string | null) => void;
}) {
  const form = useZodForm<Email>({ defaultValues: { email: '' }, ...rules });
  const submit = form.submit(() => onResult(null), onResult);
  return (
    // The outcome shows in the form and in onResult.
    <form noValidate onSubmit={(e) => void submit(e)}>
      <TextField {...form.field('email')} label="Email" />
      <button type="submit">Go</button>
    </form>
  );
}

/** Rules loaded by a loader the test resolves by hand. */
function deferredRules() {
  let release: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  const load = vi.fn(async () => {
    await gate;
    return zodResolver(emailSchema) as Resolver<Email>;
  });
  return { rules: lazyResolver(load), load, release };
}

describe('a form whose rules load lazily', () => {
  it('fetches them at the first focus, and validates blur and submit once they are there', async () => {
    const { rules, load, release } = deferredRules();
    const results: (string | null)[] = [];
    const user = userEvent.setup();
    render(<EmailForm rules={rules} onResult={(r) => results.push(r)} />);
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
    const { rules, load, release } = deferredRules();
    release();
    const first = render(<EmailForm rules={rules} onResult={() => undefined} />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Go' }));
    first.unmount();

    const user = userEvent.setup();
    render(<EmailForm rules={rules} onResult={() => undefined} />);
    await user.click(screen.getByRole('button', { name: 'Go' }));
    expect(errorUnder('Email')).toBe('Please enter your email');
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('says the request failed when they cannot be loaded, and tries again at the next submit', async () => {
    const load = vi
      .fn<() => Promise<Resolver<Email>>>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValueOnce(zodResolver(emailSchema) as Resolver<Email>);
    const results: (string | null)[] = [];
    const user = userEvent.setup();
    render(<EmailForm rules={lazyResolver(load)} onResult={(r) => results.push(r)} />);
    await user.click(screen.getByRole('button', { name: 'Go' }));
    expect(results).toEqual(['Request failed. Please try again later.']);
    expect(errorUnder('Email')).toBe('');
    await user.click(screen.getByRole('button', { name: 'Go' }));
    expect(results.at(-1)).toBe('Please enter your email');
    expect(errorUnder('Email')).toBe('Please enter your email');
  });
});

const passwordSchema = z
  .object({ password: z.string().min(1, 'validation.passwordRequired'), confirmPassword: z.string() })
  .superRefine(repeatOf('password', 'confirmPassword'));
type Passwords = z.input<typeof passwordSchema>;

function PasswordForm() {
  const form = useZodForm<Passwords>({
    defaultValues: { password: '', confirmPassword: '' },
    resolver: zodResolver(passwordSchema),
    dependents: { password: ['confirmPassword'] },
  });
  const submit = form.submit(() => undefined);
  return (
    <form noValidate onSubmit={(e) => void submit(e)}>
      <TextField {...form.field('password')} label="Password" />
      <TextField {...form.field('confirmPassword')} label="Repeat" />
      <button type="submit">Go</button>
    </form>
  );
}

describe('when a form says what is wrong', () => {
  it('stays quiet on leaving an empty field, and checks a filled one on leaving it', async () => {
    const user = userEvent.setup();
    render(<PasswordForm />);
    await user.click(screen.getByLabelText('Password'));
    await user.tab();
    expect(errorUnder('Password')).toBe('');
    await user.type(screen.getByLabelText('Repeat'), 'x');
    await user.tab();
    expect(errorUnder('Repeat')).toBe('Passwords do not match');
    expect(errorUnder('Password')).toBe('');
  });

  it('takes a message away as the field is put right, also one that depends on another field', async () => {
    const user = userEvent.setup();
    render(<PasswordForm />);
    await user.click(screen.getByRole('button', { name: 'Go' }));
    expect(errorUnder('Password')).toBe('Please enter your password');
    expect(errorUnder('Repeat')).toBe('Please repeat the new password');
    // The first field at fault has the focus.
    expect(document.activeElement).toBe(screen.getByLabelText('Password'));

    await user.type(screen.getByLabelText('Repeat'), 'abc');
    expect(errorUnder('Repeat')).toBe('Passwords do not match');
    await user.type(screen.getByLabelText('Password'), 'abc');
    expect(errorUnder('Password')).toBe('');
    expect(errorUnder('Repeat')).toBe('');
  });
});
