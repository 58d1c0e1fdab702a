// The notification centre (issue 32 point 7). Whatever changes a player's money or a request of theirs
// (a close by liquidation, take-profit, stop-loss or an operator; a flip's result; a deposit credited; a
// withdrawal approved, rejected, completed or failed; invite rewards; a feedback reply) stores a notice
// with `storeNotices` IN ITS OWN TRANSACTION: it is there exactly when the event is, whatever crashes
// (a flip's result, with what the flip leaves for the books right after its settlement: settlement.ts).
// The database notifies it on commit (NOTICES_CHANNEL): the WebSocket tells the player's screens
// (live.ts) and `onNoticeStored` listeners hear it. The player lists and marks them read; read ones
// older than NOTICE_KEEP_DAYS go when they next mark some read.
import type { Notice, NoticeKind, NoticeParams, NoticesReadBody } from '@tradeflip/api';
import type { Clock } from '../../clock';
import type { Database, Queryable } from '../../db/client';
import { NOTICES_CHANNEL, type Listen } from '../../db/notifications';
import { pageOf, pageRows, type PageQuery } from '../../db/page';
import * as repo from './repository';

export type { NewNotice } from './repository';

/** How long a read notice is kept. */
export const NOTICE_KEEP_DAYS = 90;

/** A stored notice with its owner, as the after-commit listeners hear it. */
export type StoredNotice = Notice & { userId: number };

export function toNotice(row: repo.NoticeRow): Notice {
  return {
    id: String(row.id),
    kind: row.kind,
    params: row.params,
    createdAt: row.createdAt.toISOString(),
    readAt: row.readAt?.toISOString() ?? null,
  };
}

/**
 * Stores notices in the caller's transaction (one statement for any number), each announced when that
 * transaction commits and never if it rolls back. Answers the stored rows.
 */
export function storeNotices(tx: Queryable, list: repo.NewNotice[], at: Date): Promise<repo.NoticeRow[]> {
  return repo.insertMany(tx, list, at);
}

/** One notice, as storeNotices. */
export async function storeNotice(
  tx: Queryable,
  userId: number,
  kind: NoticeKind,
  params: NoticeParams,
  at: Date,
): Promise<repo.NoticeRow> {
  const [row] = await repo.insertMany(tx, [{ userId, kind, params }], at);
  return row!;
}

/**
 * Takes the oldest notices not yet pushed (the notice pusher's queue), each once: see
 * repository.takeUnpushed.
 */
export async function takeUnpushed(db: Queryable, limit: number, at: Date): Promise<StoredNotice[]> {
  const rows = await repo.takeUnpushed(db, limit, at);
  return rows.map((row) => ({ ...toNotice(row), userId: row.userId }));
}

/** Whose notice a NOTICES_CHANNEL payload announces, and its id. */
export function noticeHint(payload: string): { id: string; userId: number } | undefined {
  try {
    const { id, userId } = JSON.parse(payload) as { id?: unknown; userId?: unknown };
    return typeof id === 'string' && typeof userId === 'number' ? { id, userId } : undefined;
  } catch {
    return undefined;
  }
}

/** A NOTICES_CHANNEL payload as the notice it announces (read from the database when it was too long). */
export async function noticeOfPayload(db: Queryable, payload: string): Promise<StoredNotice | undefined> {
  let parsed: Partial<StoredNotice> & { id?: string; userId?: number };
  try {
    parsed = JSON.parse(payload) as typeof parsed;
  } catch {
    return undefined;
  }
  if (typeof parsed.id !== 'string' || typeof parsed.userId !== 'number') return undefined;
  if (parsed.kind && parsed.params && parsed.createdAt) {
    return {
      id: parsed.id,
      userId: parsed.userId,
      kind: parsed.kind,
      params: parsed.params,
      createdAt: new Date(parsed.createdAt).toISOString(),
      readAt: null,
    };
  }
  const row = await repo.find(db, Number(parsed.id));
  return row && { ...toNotice(row), userId: row.userId };
}

export class NotificationService {
  private readonly storedListeners = new Set<(notice: StoredNotice) => void>();
  private listening: Promise<(() => Promise<void>) | undefined> | undefined;

  constructor(private readonly deps: { db: Database; clock: Clock; listen?: Listen | undefined }) {}

  async list(userId: number, query: PageQuery & { unread?: 'true' | 'false' | undefined }) {
    const { rows, total, unread } = await repo.page(
      this.deps.db,
      { userId, unread: query.unread === 'true' },
      pageRows(query),
    );
    return { ...pageOf(query, rows.map(toNotice), total), unread };
  }

  /** Marks the caller's notices read (ids of another's are passed over); answers the unread left. */
  async read(userId: number, body: NoticesReadBody): Promise<{ unread: number }> {
    const now = this.deps.clock.now();
    return this.deps.db.transaction(async (tx) => {
      await repo.markRead(tx, userId, 'ids' in body ? body.ids.map(Number) : undefined, now);
      await repo.pruneRead(tx, userId, new Date(now.getTime() - NOTICE_KEEP_DAYS * 86_400_000));
      return { unread: await repo.unreadCount(tx, userId) };
    });
  }

  /**
   * Calls `listener` with every notice stored from now on, after its transaction committed (in this
   * process, for notices stored by any process on the database). Answers the stop.
   */
  onNoticeStored(listener: (notice: StoredNotice) => void): () => void {
    this.storedListeners.add(listener);
    this.listening ??= this.deps.listen?.(NOTICES_CHANNEL, (payload) => {
      void noticeOfPayload(this.deps.db, payload).then((notice) => {
        if (notice) for (const each of this.storedListeners) each(notice);
      });
    });
    return () => this.storedListeners.delete(listener);
  }

  /** Resolves once `onNoticeStored` listens (tests store a notice right after). */
  async ready(): Promise<void> {
    await this.listening;
  }

  async close(): Promise<void> {
    const stop = await this.listening;
    this.listening = undefined;
    await stop?.();
  }
}
