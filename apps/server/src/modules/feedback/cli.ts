// `npm run admin -- feedback:list|feedback:reply`: the players' feedback (all, or the unanswered) and
// an operator's reply. Calls of /api/admin/feedback/*; loaded by commands.ts.
import type { z } from 'zod';
import type { adminFeedbackItem, adminFeedbackPage } from '@tradeflip/api';
import { CliError, defineCommand, table, type AdminCommand } from '../../cli/command-kit';

type Item = z.infer<typeof adminFeedbackItem>;

const short = (text: string | null, n = 60) =>
  text === null ? '-' : text.length > n ? `${text.slice(0, n - 1)}…` : text;

const feedbackList = defineCommand({
  name: 'feedback:list',
  usage: 'feedback:list [--open] [--page N]',
  summary: 'The players’ feedback, newest first (--open: only the unanswered)',
  options: { open: { type: 'boolean' }, page: { type: 'string' } },
  async run(api, { values }) {
    const page = values.page ?? '1';
    const answer = await api.call<z.infer<typeof adminFeedbackPage>>(
      'GET',
      `/api/admin/feedback?page=${encodeURIComponent(page)}&pageSize=50${values.open ? '&open=true' : ''}`,
    );
    if (answer.list.length === 0) return 'No feedback.';
    return `${table([
      ['ID', 'USER', 'LANG', 'SENT', 'CONTACT', 'CONTENT', 'REPLY'],
      ...answer.list.map((row: Item) => [
        row.id,
        row.email,
        row.language,
        row.createdAt.slice(0, 16).replace('T', ' '),
        short(row.contact, 24),
        short(row.content),
        short(row.reply, 30),
      ]),
    ])}\n${answer.total} feedback(s)`;
  },
});

const feedbackReply = defineCommand({
  name: 'feedback:reply',
  usage: 'feedback:reply ID "TEXT"',
  summary: 'Reply to one feedback (the player sees it under theirs)',
  positionals: 2,
  async run(api, { positionals: [id, text] }) {
    const reply = text.trim();
    if (!/^\d+$/.test(id) || !reply) throw new CliError('give the feedback ID and the reply text');
    const row = await api.call<Item>('POST', '/api/admin/feedback/reply', { id: Number(id), reply });
    return `Replied to feedback ${row.id} from ${row.email}.`;
  },
});

export const feedbackCommands: AdminCommand[] = [feedbackList, feedbackReply];
