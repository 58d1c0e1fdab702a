// Test helpers for forms: filling one in as a person does, and what they see under a field.
import { screen } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';

/** The error text shown under the field labelled `label` ('' when none). */
export function errorUnder(label: string | RegExp): string {
  const input = screen.getByLabelText(label);
  const id = input.getAttribute('aria-describedby');
  if (!id) return '';
  return document.getElementById(id)?.textContent ?? '';
}

/** Types each value into the field of its label, in order, then presses the button named `button`. */
export async function fillAndPress(user: UserEvent, button: string, values: Record<string, string> = {}) {
  for (const [label, value] of Object.entries(values))
    await user.type(await screen.findByLabelText(label), value);
  await user.click(await screen.findByRole('button', { name: button }));
}
