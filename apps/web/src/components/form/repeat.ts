// The repeated password of the register and change-password forms (spec §5): it must be there, and
// equal the password it repeats. For a form schema's superRefine, so it is said with the other fields'.
import type { z } from 'zod';

export function repeatOf<K extends string, R extends string>(of: K, repeat: R) {
  return (values: Record<K | R, string>, ctx: z.RefinementCtx) => {
    const value = values[repeat];
    if (!value)
      ctx.addIssue({ code: 'custom', path: [repeat], message: 'validation.confirmPasswordRequired' });
    else if (value !== values[of])
      ctx.addIssue({ code: 'custom', path: [repeat], message: 'validation.passwordMismatch' });
  };
}
