// Feedback (issue 19): a player sends content (required) and a contact (optional), stored with their
// language and app version, at most RATE_LIMIT_FEEDBACK_USER of them per user; they see their own
// with the operator's reply; operators list the open ones and reply (`feedback:list`,
// `feedback:reply`, /api/admin/feedback).
import { sql } from 'drizzle-orm';
import type { FeedbackBody, FeedbackItem } from '@tradeflip/api';
import type { Language } from '@tradeflip/i18n';
import type { Clock } from '../../clock';
import type { RateRule } from '../../config';
import type { Database } from '../../db/client';
import { pageOf, pageRows, type PageQuery } from '../../db/page';
import { AppError, rateLimited } from '../../errors';
import { enforce, type RateLimiter } from '../../plugins/rate-limit';
import type { AccountService } from '../account/service';
import { storeNotice } from '../notifications/service';
import * as repo from './repository';

/** The advisory lock class of "a user's feedback" (with the user id): sends counted one at a time. */
const USER_FEEDBACK_LOCK = 0x46424b; // 'FBK'

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
    const { rule } = this.deps;
    // The in-memory limiter stops a flood before the database; the limit itself is counted from the
    // stored feedback, one send at a time per user, so it holds across restarts and processes (the red
    // team had 10 accepted in an hour with a restart between).
    await enforce(this.deps.limiter, 'feedback', String(userId), rule, { inMinutes: true });
    const now = this.deps.clock.now();
    const row = await this.deps.db.transaction(async (tx) => {
      if (rule) {
        await tx.execute(sql`select pg_advisory_xact_lock(${USER_FEEDBACK_LOCK}, ${userId}::int)`);
        const windowMs = rule.windowSeconds * 1000;
        const recent = await repo.sentSince(tx, userId, new Date(now.getTime() - windowMs));
        if (recent.count >= rule.max) {
          const freeAt = (recent.oldest?.getTime() ?? now.getTime()) + windowMs;
          throw rateLimited(Math.max(1, Math.ceil((freeAt - now.getTime()) / 1000)), { inMinutes: true });
        }
      }
      return repo.insert(tx, {
        userId,
        content: body.content,
        contact: body.contact ? body.contact : null,
        language: lang,
        appVersion: body.appVersion ?? null,
        createdAt: now,
      });
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
    const now = this.deps.clock.now();
    const row = await this.deps.db.transaction(async (tx) => {
      const replied = await repo.reply(tx, id, text, now);
      if (replied)
        await storeNotice(tx, replied.userId, 'feedback_reply', { feedbackId: String(replied.id) }, now);
      return replied;
    });
    if (!row) throw new AppError(404, 'not_found', 'feedback.notFound');
    const emails = await this.deps.accounts.emailsOf([row.userId]);
    return this.adminItem(row, emails.get(row.userId) ?? '');
  }

  private adminItem(row: repo.FeedbackRow, email: string) {
    return { ...toFeedbackItem(row), email, language: row.language, appVersion: row.appVersion };
  }
}
