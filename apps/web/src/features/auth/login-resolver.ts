// The sign-in form's rules, the server's own (packages/api). Loaded when the form is first
// focused (lazy-resolver.ts): the first page many people see keeps zod out of its first load. Raw: the
// form sends what was typed (trimmed), the server normalises it.
import { zodResolver } from '@hookform/resolvers/zod';
import { loginBody } from '@tradeflip/api';

export const loginResolver = zodResolver(loginBody, undefined, { raw: true });
