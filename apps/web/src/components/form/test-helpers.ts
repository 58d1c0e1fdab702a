// Test helpers for forms: what a person sees under a field.
import { screen } from '@testing-library/react';

/** The error text shown under the field labelled `label` ('' when none). */
export function errorUnder(label: string | RegExp): string {
  const input = screen.getByLabelText(label);
  const id = input.getAttribute('aria-describedby');
  if (!id) return '';
  return document.getElementById(id)?.textContent ?? '';
}
