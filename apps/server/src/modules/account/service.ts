// Accounts: e-mailed codes, registration, sign-in, sessions, passwords, language, freezing.
import type { AdminUser, CodeScene, SessionResult, UserMe } from '@tradeflip/api';
import { translate, type Language } from '@tradeflip/i18n';
import type { Clock } from '../../clock';
import type { Config } from '../../config';
import type { Database, Queryable } from '../../db/client';
import type { Mailer } from '../../mail/mailer';
import { AppError, rateLimited } from '../../errors';
import { enforce, type RateLimiter } from '../../plugins/rate-limit';
import {
  hashPassword,
  hashVerificationCode,
  newInviteCode,
  newSessionToken,
  newVerificationCode,
  sha256,
  verifyDummyPassword,
  verifyPassword,
} from './credentials';
import * as repo from './repository';
import { pageOf, pageRows } from '../../db/page';

export const CODE_TTL_SECONDS = 10 * 60;
/** Wrong guesses after which a code stops working (a new one must be requested). */
export const CODE_MAX_ATTEMPTS = 5;

export interface ClientInfo {
  ip: string;
  userAgent: string | null;
}

export interface AuthenticatedUser {
  id: number;
  email: string;
  sessionId: number;
  /** The user's row as read when the session was checked (at the start of this request). */
  row: repo.UserRow;
}

export type SessionLookup =
  | { status: 'valid'; user: repo.UserRow; sessionId: number; expiresAt: Date }
  | { status: 'frozen' }
  | { status: 'invalid' };

export function toUserMe(user: repo.UserRow): UserMe {
  return {
    id: String(user.id),
    email: user.email,
    inviteCode: user.inviteCode,
    language: user.language,
    status: user.status,
    createdAt: user.createdAt.toISOString(),
  };
}

export function toAdminUser(user: repo.UserRow): AdminUser {
  return {
    id: String(user.id),
    email: user.email,
    inviteCode: user.inviteCode,
    inviterId: user.inviterId === null ? null : String(user.inviterId),
    language: user.language,
    status: user.status,
    frozenAt: user.frozenAt ? user.frozenAt.toISOString() : null,
    createdAt: user.createdAt.toISOString(),
  };
}

const codeInvalid = () =>
  new AppError(400, 'code_invalid', 'errors.codeInvalid', { fields: { code: 'errors.codeInvalid' } });
const emailTaken = () =>
  new AppError(409, 'email_taken', 'errors.emailTaken', { fields: { email: 'errors.emailTaken' } });
const emailNotRegistered = () =>
  new AppError(404, 'email_not_registered', 'errors.emailNotRegistered', {
    fields: { email: 'errors.emailNotRegistered' },
  });

export class AccountService {
  constructor(
    private readonly deps: {
      db: Database;
      config: Config;
      clock: Clock;
      mailer: Mailer;
      limiter: RateLimiter;
    },
  ) {}

  private get db() {
    return this.deps.db;
  }

  private now() {
    return this.deps.clock.now();
  }

  /**
   * Mails a 6-digit code. The register scene refuses a registered email and the forgot scene an
   * unknown one: the register form reveals registration anyway, so hiding it here would protect
   * nothing, and the per-IP limit bounds probing.
   */
  async sendCode(input: { email: string; scene: CodeScene; lang: Language; client: ClientInfo }) {
    const { rateLimits } = this.deps.config;
    await enforce(this.deps.limiter, 'code-ip', input.client.ip, rateLimits.codeIp);
    const user = await repo.findUserByEmail(this.db, input.email);
    if (input.scene === 'register' && user) throw emailTaken();
    if (input.scene === 'forgot' && !user) throw emailNotRegistered();

    const code = newVerificationCode();
    const now = this.now();
    const codeId = await this.db.transaction(async (tx) => {
      await repo.lockEmailForCodes(tx, input.email);
      const lastSentAt = await repo.latestCodeSentAt(tx, input.email);
      const waitMs = lastSentAt
        ? lastSentAt.getTime() + rateLimits.codeEmailSeconds * 1000 - now.getTime()
        : 0;
      if (waitMs > 0) throw rateLimited(waitMs / 1000);
      return repo.insertCode(tx, {
        email: input.email,
        scene: input.scene,
        codeHash: hashVerificationCode(input.email, input.scene, code),
        now,
        expiresAt: new Date(now.getTime() + CODE_TTL_SECONDS * 1000),
      });
    });

    const lang = user?.language ?? input.lang;
    try {
      await this.deps.mailer.send({
        to: input.email,
        subject: translate(lang, input.scene === 'register' ? 'mail.registerSubject' : 'mail.forgotSubject', {
          code,
        }),
        text: translate(lang, 'mail.codeBody', { code, minutes: CODE_TTL_SECONDS / 60 }),
      });
    } catch (error) {
      // Not sent: forget the code so the user may ask again at once.
      await repo.deleteCode(this.db, codeId);
      throw error;
    }
    return { resendAfter: rateLimits.codeEmailSeconds, expiresIn: CODE_TTL_SECONDS };
  }

  /** Checks and consumes the newest code of (email, scene) inside `tx`; false when it doesn't match. */
  private async useCode(tx: Queryable, email: string, scene: CodeScene, code: string): Promise<boolean> {
    const row = await repo.latestCodeForUpdate(tx, email, scene);
    const now = this.now();
    if (!row || row.consumedAt || row.expiresAt <= now || row.attempts >= CODE_MAX_ATTEMPTS) return false;
    if (row.codeHash !== hashVerificationCode(email, scene, code)) {
      await repo.countFailedCodeAttempt(tx, row.id);
      return false;
    }
    await repo.consumeCode(tx, row.id, now);
    return true;
  }

  private async createSession(db: Queryable, userId: number, client: ClientInfo): Promise<string> {
    const token = newSessionToken();
    const now = this.now();
    await repo.insertSession(db, {
      userId,
      tokenHash: sha256(token),
      now,
      expiresAt: new Date(now.getTime() + this.deps.config.sessionTtlSeconds * 1000),
      ip: client.ip,
      userAgent: client.userAgent?.slice(0, 512) ?? null,
    });
    return token;
  }

  async register(input: {
    email: string;
    code: string;
    password: string;
    inviteCode: string | undefined;
    lang: Language;
    client: ClientInfo;
  }): Promise<SessionResult> {
    const { rateLimits } = this.deps.config;
    await enforce(this.deps.limiter, 'register-ip', input.client.ip, rateLimits.registerIp);
    await enforce(this.deps.limiter, 'register-email', input.email, rateLimits.registerEmail);

    let inviterId: number | null = null;
    if (input.inviteCode) {
      const inviter = await repo.findUserByInviteCode(this.db, input.inviteCode);
      if (!inviter) {
        throw new AppError(400, 'invite_code_invalid', 'errors.inviteCodeInvalid', {
          fields: { inviteCode: 'errors.inviteCodeInvalid' },
        });
      }
      inviterId = inviter.id;
    }
    const passwordHash = await hashPassword(input.password);

    const outcome = await this.db.transaction(async (tx) => {
      if (!(await this.useCode(tx, input.email, 'register', input.code))) return { error: codeInvalid() };
      for (let attempt = 0; attempt < 5; attempt++) {
        const user = await repo.insertUser(tx, {
          email: input.email,
          passwordHash,
          inviteCode: newInviteCode(),
          inviterId,
          language: input.lang,
          now: this.now(),
        });
        if (user) return { user, token: await this.createSession(tx, user.id, input.client) };
        if (await repo.findUserByEmail(tx, input.email)) break;
        // else: the random invite code was taken; draw another
      }
      return { error: emailTaken() };
    });
    // Thrown after the transaction so a wrong guess still counts against the code.
    if ('error' in outcome) throw outcome.error;
    return { token: outcome.token, user: toUserMe(outcome.user) };
  }

  async login(input: { email: string; password: string; client: ClientInfo }): Promise<SessionResult> {
    const { rateLimits } = this.deps.config;
    await enforce(this.deps.limiter, 'login-ip', input.client.ip, rateLimits.loginIp);
    await enforce(this.deps.limiter, 'login-email', input.email, rateLimits.loginEmail);
    const user = await repo.findUserByEmail(this.db, input.email);
    const valid = user
      ? await verifyPassword(user.passwordHash, input.password)
      : (await verifyDummyPassword(input.password), false);
    if (!user || !valid) throw new AppError(400, 'invalid_credentials', 'errors.invalidCredentials');
    // Told only to someone who knows the password.
    if (user.status === 'frozen') throw new AppError(403, 'account_frozen', 'errors.frozenSignIn');
    const token = await this.createSession(this.db, user.id, input.client);
    return { token, user: toUserMe(user) };
  }

  /** Sets a new password with an e-mailed code and signs out every session. */
  async resetPassword(input: { email: string; code: string; password: string; client: ClientInfo }) {
    const { rateLimits } = this.deps.config;
    await enforce(this.deps.limiter, 'forgot-ip', input.client.ip, rateLimits.registerIp);
    await enforce(this.deps.limiter, 'forgot-email', input.email, rateLimits.registerEmail);
    const passwordHash = await hashPassword(input.password);
    const error = await this.db.transaction(async (tx) => {
      if (!(await this.useCode(tx, input.email, 'forgot', input.code))) return codeInvalid();
      const user = await repo.findUserByEmail(tx, input.email);
      if (!user) return emailNotRegistered();
      const now = this.now();
      await repo.updatePasswordHash(tx, user.id, passwordHash, now);
      await repo.revokeUserSessions(tx, user.id, 'password_reset', now);
      return undefined;
    });
    if (error) throw error;
  }

  async resolveSession(token: string): Promise<SessionLookup> {
    if (token.length > 512) return { status: 'invalid' };
    const row = await repo.findSession(this.db, sha256(token));
    if (!row) return { status: 'invalid' };
    if (row.user.status === 'frozen') return { status: 'frozen' };
    if (row.revokedAt || row.expiresAt <= this.now()) return { status: 'invalid' };
    return { status: 'valid', user: row.user, sessionId: row.sessionId, expiresAt: row.expiresAt };
  }

  async logout(sessionId: number) {
    await repo.revokeSession(this.db, sessionId, 'logout', this.now());
  }

  me(user: AuthenticatedUser): UserMe {
    return toUserMe(user.row);
  }

  /**
   * Changes the password after checking the current one. Every session of the user, the calling
   * one included, is revoked, and a new session is returned so the caller stays signed in.
   */
  async changePassword(input: {
    user: AuthenticatedUser;
    oldPassword: string;
    newPassword: string;
    client: ClientInfo;
  }): Promise<SessionResult> {
    // Guesses of the current password are limited as sign-in guesses are, per user and per IP.
    const { rateLimits } = this.deps.config;
    await enforce(this.deps.limiter, 'password-ip', input.client.ip, rateLimits.loginIp);
    await enforce(this.deps.limiter, 'password-user', String(input.user.id), rateLimits.loginEmail);
    const user = await repo.findUserById(this.db, input.user.id);
    if (!user) throw new AppError(401, 'unauthorized', 'errors.sessionExpired');
    if (!(await verifyPassword(user.passwordHash, input.oldPassword))) {
      throw new AppError(400, 'old_password_wrong', 'errors.oldPasswordWrong', {
        fields: { oldPassword: 'errors.oldPasswordWrong' },
      });
    }
    if (input.oldPassword === input.newPassword) {
      throw new AppError(400, 'validation', 'errors.samePassword', {
        fields: { newPassword: 'errors.samePassword' },
      });
    }
    const passwordHash = await hashPassword(input.newPassword);
    const token = await this.db.transaction(async (tx) => {
      const now = this.now();
      await repo.updatePasswordHash(tx, user.id, passwordHash, now);
      await repo.revokeUserSessions(tx, user.id, 'password_changed', now);
      return this.createSession(tx, user.id, input.client);
    });
    return { token, user: toUserMe(user) };
  }

  async setLanguage(userId: number, language: Language) {
    await repo.updateLanguage(this.db, userId, language, this.now());
  }

  /** The language the user last used (what a message sent to them, such as a push, is written in). */
  async languageOf(userId: number): Promise<Language> {
    return (await repo.findUserById(this.db, userId))?.language ?? 'en-US';
  }

  // Operations

  async listUsers(filter: { email?: string; status?: 'active' | 'frozen'; page: number; pageSize: number }) {
    const { rows, total } = await repo.listUsers(this.db, {
      email: filter.email,
      status: filter.status,
      ...pageRows(filter),
    });
    return pageOf(filter, rows.map(toAdminUser), total);
  }

  /** Freezes a user and revokes their sessions: their next call answers 401 user_frozen. */
  async freeze(email: string): Promise<AdminUser> {
    const user = await this.db.transaction(async (tx) => {
      const now = this.now();
      const row = await repo.setUserStatus(tx, email, 'frozen', now);
      if (row) await repo.revokeUserSessions(tx, row.id, 'frozen', now);
      return row;
    });
    if (!user) throw new AppError(404, 'not_found', 'errors.emailNotRegistered');
    return toAdminUser(user);
  }

  /** The user of a registered e-mail, for an operator's action on them; 404 naming the field otherwise. */
  async registeredUser(email: string): Promise<{ id: number; email: string }> {
    const user = await repo.findUserByEmail(this.db, email);
    if (!user) {
      throw new AppError(404, 'email_not_registered', 'errors.emailNotRegistered', {
        fields: { email: 'errors.emailNotRegistered' },
      });
    }
    return { id: user.id, email: user.email };
  }

  /** The registered users among `emails` (an airdrop's list; any count). */
  usersByEmail(emails: string[]): Promise<{ id: number; email: string }[]> {
    return repo.usersByEmail(this.db, emails);
  }

  /**
   * The e-mails of users by id, for the lists where operators see whose a row is (deposits,
   * withdrawals, positions); read through `via` inside a transaction.
   */
  async emailsOf(ids: number[], via: Queryable = this.db): Promise<Map<number, string>> {
    const rows = await repo.emailsOf(via, [...new Set(ids)]);
    return new Map(rows.map((row) => [row.id, row.email]));
  }

  /**
   * An operators' list of rows users own (deposits, positions, flips): one user's when an e-mail is
   * given (none registered under it: an empty list), each row with its owner's e-mail.
   */
  async ownedRows<R extends { userId: number }>(
    email: string | undefined,
    load: (userId: number | undefined) => Promise<{ rows: R[]; total: number }>,
  ): Promise<{ rows: (R & { email: string })[]; total: number }> {
    const userId = email ? await this.idOfEmail(email) : undefined;
    if (email && userId === undefined) return { rows: [], total: 0 };
    const { rows, total } = await load(userId);
    const emails = await this.emailsOf(rows.map((row) => row.userId));
    return { rows: rows.map((row) => ({ ...row, email: emails.get(row.userId) ?? '' })), total };
  }

  /** Each user's inviter and whether they are frozen (the invite rewards decide who is paid). */
  async standingsOf(ids: number[], via: Queryable = this.db) {
    const rows = await repo.standingsOf(via, [...new Set(ids)]);
    return new Map(
      rows.map((row) => [row.id, { inviterId: row.inviterId, frozen: row.status === 'frozen' }]),
    );
  }

  /** The friends a user invited (newest first), their e-mails for the invite module to mask. */
  friendsOf(userId: number, page: { offset: number; limit: number }) {
    return repo.invitedBy(this.db, userId, page);
  }

  /** The id of the user of an e-mail exactly as written, or undefined (an operator's list filter). */
  async idOfEmail(email: string): Promise<number | undefined> {
    return (await repo.findUserByEmail(this.db, email))?.id;
  }

  /** Every user not frozen (an airdrop to all). */
  activeUserIds(): Promise<number[]> {
    return repo.activeUserIds(this.db);
  }

  /** The id of a registered e-mail (operations that act on a user's live connections). */
  async userIdByEmail(email: string): Promise<number> {
    const user = await repo.findUserByEmail(this.db, email);
    if (!user) throw new AppError(404, 'not_found', 'errors.emailNotRegistered');
    return user.id;
  }

  /** Lifts a freeze; sessions revoked by the freeze stay revoked (the user signs in again). */
  async unfreeze(email: string): Promise<AdminUser> {
    const user = await repo.setUserStatus(this.db, email, 'active', this.now());
    if (!user) throw new AppError(404, 'not_found', 'errors.emailNotRegistered');
    return toAdminUser(user);
  }

  /**
   * Inside a transaction that records something for the user (a withdrawal, a game order): refuses
   * a frozen user (401 user_frozen, as every call after the freeze), and holds off a freeze until
   * the transaction ends, so nothing is accepted after a freeze took effect.
   */
  async requireActive(tx: Queryable, userId: number): Promise<void> {
    const status = await repo.lockUserStatus(tx, userId);
    if (status !== 'active') throw new AppError(401, 'user_frozen', 'errors.accountFrozen');
  }

  async deleteExpired() {
    await repo.deleteExpired(this.db, this.now());
  }
}
