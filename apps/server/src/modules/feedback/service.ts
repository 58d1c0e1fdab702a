// Feedback (issue 19): a player sends content (required) and a contact (optional), stored with their
// language and app version, at most RATE_LIMIT_FEEDBACK_USER of them per user; they see their own
// with the operator's reply; operators list the open ones and reply (`feedback:list`,
// `feedback:reply`, /api/admin/feedback).
import type { FeedbackBody, FeedbackItem } from '@tradeflip/api';
import type { Language } from '@tradeflip/i18n';
import type { Clock } from '../../clock';
import type { RateRule } from '../../config';
import type { Database } from '../../db/client';
import { pageOf, pageRows, type PageQuery } from '../../db/page';
import { AppError } from '../../errors';
import { enforce, type RateLimiter } from '../../plugins/rate-limit';
import type { AccountService } from '../account/service';
import * as repo from './repository';

export function toFeedbackItem(row: repo.FeedbackRow): FeedbackItem {
  return {
    id: String(row.id),
    content: row.content,
    contact: row.contact,
    reply: row.reply,
    repliedAt: row.repliedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

export class FeedbackService {
  constructor(
    private readonly deps: {
      db: Database;
      clock: Clock;
      accounts: AccountService;
      limiter: RateLimiter;
      rule: RateRule | null;
    },
  ) {}

  async send(userId: number, body: FeedbackBody, lang: Language): Promise<FeedbackItem> {
    await enforce(this.deps.limiter, 'feedback', String(userId), this.deps.rule);
    const row = await repo.insert(this.deps.db, {
      userId,
      content: body.content,
      contact: body.contact ? body.contact : null,
      language: lang,
      appVersion: body.appVersion ?? null,
      createdAt: this.deps.clock.now(),
    });
    return toFeedbackItem(row);
  }

  async mine(userId: number, query: PageQuery) {
    const { rows, total } = await repo.page(this.deps.db, { userId }, pageRows(query));
    return pageOf(query, rows.map(toFeedbackItem), total);
  }

  async adminList(query: PageQuery & { open?: 'true' | 'false' | undefined }) {
    const { rows, total } = await repo.page(this.deps.db, { open: query.open === 'true' }, pageRows(query));
    const emails = await this.deps.accounts.emailsOf(rows.map((row) => row.userId));
    return pageOf(
      query,
      rows.map((row) => this.adminItem(row, emails.get(row.userId) ?? '')),
      total,
    );
  }

  async reply(id: number, text: string) {
    const row = await repo.reply(this.deps.db, id, text, this.deps.clock.now());
    if (!row) throw new AppError(404, 'not_found', 'feedback.notFound');
    const emails = await this.deps.accounts.emailsOf([row.userId]);
    return this.adminItem(row, emails.get(row.userId) ?? '');
  }

  private adminItem(row: repo.FeedbackRow, email: string) {
    return { ...toFeedbackItem(row), email, language: row.language, appVersion: row.appVersion };
  }
}
