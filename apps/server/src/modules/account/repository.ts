// Queries of users, sessions and verification codes. Every function takes the database or a
// transaction, so services decide what runs atomically.
import { and, count, desc, eq, ilike, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { queryPreparedRows, queryRows } from '../../db/rows';
import { SESSIONS_CHANNEL } from '../../db/notifications';
import { sessions, users, verificationCodes, type SessionRevokeReason } from './schema';

export type UserRow = typeof users.$inferSelect;
export type CodeRow = typeof verificationCodes.$inferSelect;

export async function findUserByEmail(db: Queryable, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.email, email)).limit(1);
  return row;
}

export async function findUserById(db: Queryable, id: number): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

export async function findUserByInviteCode(db: Queryable, inviteCode: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.inviteCode, inviteCode)).limit(1);
  return row;
}

/**
 * The user's status, with the row share-locked until the caller's transaction ends: a freeze
 * (an update of the row) waits for it, and one committed before it is seen.
 */
export async function lockUserStatus(db: Queryable, id: number): Promise<UserRow['status'] | undefined> {
  const [row] = await queryPreparedRows<{ status: UserRow['status'] }>(
    db,
    'account_lock_user_status',
    'select status from users where id = $1 for share',
    [id],
  );
  return row?.status;
}

/** Inserts a user; undefined when the email or invite code is already taken. */
export async function insertUser(
  db: Queryable,
  values: {
    email: string;
    passwordHash: string;
    inviteCode: string;
    inviterId: number | null;
    language: 'zh-CN' | 'en-US';
    now: Date;
  },
): Promise<UserRow | undefined> {
  const [row] = await db
    .insert(users)
    .values({
      email: values.email,
      passwordHash: values.passwordHash,
      inviteCode: values.inviteCode,
      inviterId: values.inviterId,
      language: values.language,
      createdAt: values.now,
      updatedAt: values.now,
    })
    .onConflictDoNothing()
    .returning();
  return row;
}

export async function updatePasswordHash(db: Queryable, userId: number, passwordHash: string, now: Date) {
  await db.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, userId));
}

export async function updateLanguage(db: Queryable, userId: number, language: 'zh-CN' | 'en-US', now: Date) {
  await db.update(users).set({ language, updatedAt: now }).where(eq(users.id, userId));
}

export async function setUserStatus(
  db: Queryable,
  email: string,
  status: 'active' | 'frozen',
  now: Date,
): Promise<UserRow | undefined> {
  const [row] = await db
    .update(users)
    .set({ status, frozenAt: status === 'frozen' ? now : null, updatedAt: now })
    .where(eq(users.email, email))
    .returning();
  return row;
}

export async function listUsers(
  db: Queryable,
  filter: { email?: string; status?: 'active' | 'frozen'; offset: number; limit: number },
): Promise<{ rows: UserRow[]; total: number }> {
  const conditions: SQL[] = [];
  if (filter.email) conditions.push(ilike(users.email, `%${filter.email.replace(/[\\%_]/g, '\\$&')}%`));
  if (filter.status) conditions.push(eq(users.status, filter.status));
  const where = conditions.length ? and(...conditions) : undefined;
  const rows = await db
    .select()
    .from(users)
    .where(where)
    .orderBy(users.id)
    .offset(filter.offset)
    .limit(filter.limit);
  const [total] = await db.select({ n: count() }).from(users).where(where);
  return { rows, total: total?.n ?? 0 };
}

export async function insertSession(
  db: Queryable,
  values: {
    userId: number;
    tokenHash: string;
    now: Date;
    expiresAt: Date;
    ip: string | null;
    userAgent: string | null;
  },
) {
  await db.insert(sessions).values({
    userId: values.userId,
    tokenHash: values.tokenHash,
    createdAt: values.now,
    expiresAt: values.expiresAt,
    ip: values.ip,
    userAgent: values.userAgent,
  });
}

const FIND_SESSION = `select s.id as session_id, s.expires_at, s.revoked_at, u.id, u.email, u.password_hash,
    u.invite_code, u.inviter_id, u.language, u.status, u.frozen_at, u.created_at, u.updated_at
  from sessions s join users u on u.id = s.user_id where s.token_hash = $1 limit 1`;

/** The session of a token hash with its user (every signed-in request: a prepared statement). */
export async function findSession(db: Queryable, tokenHash: string) {
  const [row] = await queryPreparedRows<{
    session_id: string | number;
    expires_at: Date | string;
    revoked_at: Date | string | null;
    id: string | number;
    email: string;
    password_hash: string;
    invite_code: string;
    inviter_id: string | number | null;
    language: UserRow['language'];
    status: UserRow['status'];
    frozen_at: Date | string | null;
    created_at: Date | string;
    updated_at: Date | string;
  }>(db, 'account_find_session', FIND_SESSION, [tokenHash]);
  if (!row) return undefined;
  const date = (value: Date | string) => (value instanceof Date ? value : new Date(value));
  const user: UserRow = {
    id: Number(row.id),
    email: row.email,
    passwordHash: row.password_hash,
    inviteCode: row.invite_code,
    inviterId: row.inviter_id === null ? null : Number(row.inviter_id),
    language: row.language,
    status: row.status,
    frozenAt: row.frozen_at === null ? null : date(row.frozen_at),
    createdAt: date(row.created_at),
    updatedAt: date(row.updated_at),
  };
  return {
    sessionId: Number(row.session_id),
    expiresAt: date(row.expires_at),
    revokedAt: row.revoked_at === null ? null : date(row.revoked_at),
    user,
  };
}

// Each revoked session is announced on commit (SESSIONS_CHANNEL, `sessionId:reason`), so every API
// process signs out the sockets authed with it.
const announceRevoked = (reason: SessionRevokeReason) =>
  sql`select pg_notify(${SESSIONS_CHANNEL}, r.id || ':' || ${reason}::text) from revoked r`;

/** Revokes the sessions `which` selects that are still live, announcing each. */
async function revokeWhere(db: Queryable, which: SQL, reason: SessionRevokeReason, now: Date) {
  await db.execute(sql`
    with revoked as (
      update ${sessions} set revoked_at = ${now}, revoke_reason = ${reason}
      where ${which} and ${sessions.revokedAt} is null
      returning ${sessions.id} as id
    ) ${announceRevoked(reason)}`);
}

export function revokeSession(db: Queryable, sessionId: number, reason: SessionRevokeReason, now: Date) {
  return revokeWhere(db, sql`${sessions.id} = ${sessionId}`, reason, now);
}

export function revokeUserSessions(db: Queryable, userId: number, reason: SessionRevokeReason, now: Date) {
  return revokeWhere(db, sql`${sessions.userId} = ${userId}`, reason, now);
}

/** Serialises code sending per email across processes (held until the transaction ends). */
export async function lockEmailForCodes(db: Queryable, email: string) {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`code:${email}`}))`);
}

export async function latestCodeSentAt(db: Queryable, email: string): Promise<Date | undefined> {
  const [row] = await db
    .select({ createdAt: verificationCodes.createdAt })
    .from(verificationCodes)
    .where(eq(verificationCodes.email, email))
    .orderBy(desc(verificationCodes.createdAt))
    .limit(1);
  return row?.createdAt;
}

export async function insertCode(
  db: Queryable,
  values: { email: string; scene: 'register' | 'forgot'; codeHash: string; now: Date; expiresAt: Date },
): Promise<number> {
  const [row] = await db
    .insert(verificationCodes)
    .values({
      email: values.email,
      scene: values.scene,
      codeHash: values.codeHash,
      createdAt: values.now,
      expiresAt: values.expiresAt,
    })
    .returning({ id: verificationCodes.id });
  return row!.id;
}

export async function deleteCode(db: Queryable, id: number) {
  await db.delete(verificationCodes).where(eq(verificationCodes.id, id));
}

/** The newest code of (email, scene), locked for the rest of the transaction. */
export async function latestCodeForUpdate(
  db: Queryable,
  email: string,
  scene: 'register' | 'forgot',
): Promise<CodeRow | undefined> {
  const [row] = await db
    .select()
    .from(verificationCodes)
    .where(and(eq(verificationCodes.email, email), eq(verificationCodes.scene, scene)))
    .orderBy(desc(verificationCodes.createdAt), desc(verificationCodes.id))
    .limit(1)
    .for('update');
  return row;
}

export async function countFailedCodeAttempt(db: Queryable, id: number) {
  await db
    .update(verificationCodes)
    .set({ attempts: sql`${verificationCodes.attempts} + 1` })
    .where(eq(verificationCodes.id, id));
}

export async function consumeCode(db: Queryable, id: number, now: Date) {
  await db.update(verificationCodes).set({ consumedAt: now }).where(eq(verificationCodes.id, id));
}

/** Deletes codes and sessions that can no longer be used. */
export async function deleteExpired(db: Queryable, now: Date) {
  const dayAgo = new Date(now.getTime() - 86400_000);
  await db.delete(verificationCodes).where(lt(verificationCodes.expiresAt, dayAgo));
  await db
    .delete(sessions)
    .where(
      or(lt(sessions.expiresAt, dayAgo), lt(sessions.revokedAt, new Date(now.getTime() - 30 * 86400_000))),
    );
}

/** Users by email, for many emails at once (one JSON parameter, any count). */
export async function usersByEmail(
  db: Queryable,
  emails: string[],
): Promise<{ id: number; email: string }[]> {
  const rows = await queryRows<{ id: string | number; email: string }>(
    db,
    sql`select id, email from users
        where email in (select jsonb_array_elements_text(${JSON.stringify(emails)}::jsonb))`,
  );
  return rows.map((row) => ({ id: Number(row.id), email: row.email }));
}

/** The e-mails of the users of `ids` (one query, any count). */
export async function emailsOf(db: Queryable, ids: number[]): Promise<{ id: number; email: string }[]> {
  if (ids.length === 0) return [];
  return db.select({ id: users.id, email: users.email }).from(users).where(inArray(users.id, ids));
}

export async function activeUserIds(db: Queryable): Promise<number[]> {
  const rows = await db.select({ id: users.id }).from(users).where(eq(users.status, 'active'));
  return rows.map((row) => row.id);
}

/**
 * Each user's inviter and standing (the invite rewards: who is paid for whose play), their rows held
 * (FOR SHARE, in id order) until the caller's transaction ends: an operator's freeze, which updates
 * the row, waits for a payment decided on this standing, never lands between the read and the payment.
 */
export async function standingsOf(
  db: Queryable,
  ids: number[],
): Promise<{ id: number; inviterId: number | null; status: 'active' | 'frozen' }[]> {
  if (ids.length === 0) return [];
  return db
    .select({ id: users.id, inviterId: users.inviterId, status: users.status })
    .from(users)
    .where(inArray(users.id, ids))
    .orderBy(users.id)
    .for('share');
}

/** The friends a user invited, newest first, a page of them, with how many there are. */
export async function invitedBy(
  db: Queryable,
  inviterId: number,
  page: { offset: number; limit: number },
): Promise<{ rows: { id: number; email: string; createdAt: Date }[]; total: number }> {
  const [rows, [counted]] = await Promise.all([
    db
      .select({ id: users.id, email: users.email, createdAt: users.createdAt })
      .from(users)
      .where(eq(users.inviterId, inviterId))
      .orderBy(desc(users.createdAt), desc(users.id))
      .offset(page.offset)
      .limit(page.limit),
    db.select({ n: count() }).from(users).where(eq(users.inviterId, inviterId)),
  ]);
  return { rows, total: Number(counted?.n ?? 0) };
}
