// Idempotency-Key for every mutating call (DESIGN §3). The first answer for (scope, key) is kept
// for 24 h and replayed to retries; the same key with another request is 422; a retry while the
// first is still running is 409. Claims live in the database, so this holds across processes.
//
// A call that moves money commits its answer in the transaction of its effect (CONVENTIONS 15): the
// route hands `request.idempotency` to its service, which calls `commit(tx, data)` before its
// transaction ends. So a crash at any step leaves either no effect and a claim that a retry takes
// over once it expires, or the effect and its stored answer, which a retry gets replayed. Other
// calls store their answer after the handler (onSend), which a crash can miss: they must be safe to
// run twice.
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { and, eq, lte } from 'drizzle-orm';
import type { Clock } from '../clock';
import type { CrashPoint } from '../config';
import { crashIf } from '../crash';
import type { Database, Transaction } from '../db/client';
import { idempotencyKeys } from '../db/tables';
import { AppError } from '../errors';

const RETENTION_MS = 24 * 3600_000;
const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

interface Claim {
  keyHash: string;
  cipherKey: Buffer;
  /** Set once the answer was committed with the effect: nothing is left for onSend to store. */
  committed: boolean;
}

/** A keyed call's record, committed by its service in the transaction of the effect. */
export interface IdempotencyRecord {
  /**
   * Stores `data` as the success answer (`{ code: 0, data }`) of this key, in `tx`. Throws 409 (so
   * the effect rolls back) when another attempt with the same key committed first.
   */
  commit(tx: Transaction, data: unknown): Promise<void>;
}

declare module 'fastify' {
  interface FastifyRequest {
    idempotencyClaim: Claim | null;
    /** Present when the call carries an Idempotency-Key that this request now holds. */
    idempotency: IdempotencyRecord | undefined;
  }
}

function inFlight(): AppError {
  return new AppError(409, 'idempotency_in_flight', 'errors.idempotencyInFlight');
}

/** CRASH_AT: crash tests kill the process at one step of a keyed call. */
const sha256 = (text: string) => createHash('sha256').update(text).digest();

function encrypt(key: Buffer, plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64');
}

function decrypt(key: Buffer, sealed: string): string {
  const data = Buffer.from(sealed, 'base64');
  const decipher = createDecipheriv('aes-256-gcm', key, data.subarray(0, 12));
  decipher.setAuthTag(data.subarray(12, 28));
  return Buffer.concat([decipher.update(data.subarray(28)), decipher.final()]).toString('utf8');
}

function scopeOf(request: FastifyRequest): string {
  if (request.routeOptions.config.admin) return 'admin';
  return request.auth ? `user:${request.auth.id}` : 'anonymous';
}

export const idempotencyPlugin = fp<{
  db: Database;
  clock: Clock;
  /** How long a claim blocks retries before it counts as abandoned by a dead process. */
  claimMs?: number;
  crashAt?: CrashPoint;
}>(
  async (app: FastifyInstance, { db, clock, claimMs = 60_000, crashAt }) => {
    app.decorateRequest('idempotencyClaim', null);
    app.decorateRequest('idempotency', undefined);

    function recordFor(claimed: Claim, reply: FastifyReply): IdempotencyRecord {
      return {
        async commit(tx, data) {
          crashIf('effect', crashAt);
          // Serialised by the route's response schema, exactly as the answer will be sent.
          const serialized = reply.serialize({ code: 0, data });
          const body =
            typeof serialized === 'string'
              ? serialized
              : Buffer.from(serialized as Uint8Array).toString('utf8');
          const [done] = await tx
            .update(idempotencyKeys)
            .set({ state: 'done', responseStatus: 200, responseBody: encrypt(claimed.cipherKey, body) })
            .where(and(eq(idempotencyKeys.keyHash, claimed.keyHash), eq(idempotencyKeys.state, 'in_flight')))
            .returning({ keyHash: idempotencyKeys.keyHash });
          // Another attempt (after this one's claim expired) committed the effect first.
          if (!done) throw inFlight();
          claimed.committed = true;
        },
      };
    }

    function hold(request: FastifyRequest, reply: FastifyReply, keyHash: string, cipherKey: Buffer) {
      const claimed: Claim = { keyHash, cipherKey, committed: false };
      request.idempotencyClaim = claimed;
      request.idempotency = recordFor(claimed, reply);
      crashIf('claimed', crashAt);
    }

    async function claim(keyHash: string, scope: string, requestHash: string) {
      const now = clock.now();
      const inserted = await db
        .insert(idempotencyKeys)
        .values({
          keyHash,
          scope,
          requestHash,
          state: 'in_flight',
          createdAt: now,
          lockedUntil: new Date(now.getTime() + claimMs),
          expiresAt: new Date(now.getTime() + RETENTION_MS),
        })
        .onConflictDoNothing()
        .returning({ keyHash: idempotencyKeys.keyHash });
      return inserted.length > 0;
    }

    // After authentication and validation, before the handler.
    app.addHook('preHandler', async (request, reply) => {
      if (!MUTATING.has(request.method) || !request.url.startsWith('/api/')) return;
      const key = request.headers['idempotency-key'];
      if (key === undefined) return;
      if (typeof key !== 'string' || !KEY_PATTERN.test(key)) {
        throw new AppError(400, 'validation', 'validation.invalidField', {
          vars: { field: 'Idempotency-Key' },
        });
      }
      const scope = scopeOf(request);
      const keyHash = sha256(`id\n${scope}\n${key}`).toString('hex');
      const cipherKey = sha256(`cipher\n${scope}\n${key}`);
      const requestHash = sha256(`${request.method} ${request.url}\n${request.rawBody ?? ''}`).toString(
        'hex',
      );

      for (let attempt = 0; attempt < 3; attempt++) {
        if (await claim(keyHash, scope, requestHash)) {
          hold(request, reply, keyHash, cipherKey);
          return;
        }
        const [row] = await db.select().from(idempotencyKeys).where(eq(idempotencyKeys.keyHash, keyHash));
        if (!row) continue; // released meanwhile: claim again
        const now = clock.now();
        if (row.expiresAt <= now) {
          await db
            .delete(idempotencyKeys)
            .where(and(eq(idempotencyKeys.keyHash, keyHash), lte(idempotencyKeys.expiresAt, now)));
          continue;
        }
        if (row.requestHash !== requestHash) {
          throw new AppError(422, 'idempotency_mismatch', 'errors.idempotencyMismatch');
        }
        if (row.state === 'in_flight') {
          if (row.lockedUntil > now) throw inFlight();
          const [taken] = await db
            .update(idempotencyKeys)
            .set({ lockedUntil: new Date(now.getTime() + claimMs) })
            .where(
              and(
                eq(idempotencyKeys.keyHash, keyHash),
                eq(idempotencyKeys.state, 'in_flight'),
                lte(idempotencyKeys.lockedUntil, now),
              ),
            )
            .returning({ keyHash: idempotencyKeys.keyHash });
          if (!taken) throw inFlight();
          hold(request, reply, keyHash, cipherKey);
          return;
        }
        let body: string;
        try {
          body = decrypt(cipherKey, row.responseBody ?? '');
        } catch {
          throw new AppError(422, 'idempotency_mismatch', 'errors.idempotencyMismatch');
        }
        return reply
          .code(row.responseStatus ?? 200)
          .header('idempotent-replayed', 'true')
          .type('application/json; charset=utf-8')
          .send(body);
      }
      throw inFlight();
    });

    // Store the first answer (or release the claim when there is nothing worth replaying).
    app.addHook('onSend', async (request, reply, payload) => {
      const claimed = request.idempotencyClaim;
      if (!claimed) return payload;
      request.idempotencyClaim = null;
      request.idempotency = undefined;
      // The handler is done (its transaction, if any, committed); the answer is not yet sent.
      crashIf('committed', crashAt);
      // Stored with the effect: whatever happens now, a retry gets that answer.
      if (claimed.committed) return payload;
      const status = reply.statusCode;
      // Only a claim still in flight: when this attempt outlived its claim, a retry took the key over
      // and may have stored its answer (its effect done), which neither this attempt's failure may
      // release (a next retry would do the effect again) nor its answer replace.
      const ours = and(eq(idempotencyKeys.keyHash, claimed.keyHash), eq(idempotencyKeys.state, 'in_flight'));
      try {
        if (status >= 500 || status === 429 || typeof payload !== 'string') {
          await db.delete(idempotencyKeys).where(ours);
        } else {
          await db
            .update(idempotencyKeys)
            .set({ state: 'done', responseStatus: status, responseBody: encrypt(claimed.cipherKey, payload) })
            .where(ours);
        }
      } catch (error) {
        request.log.error({ err: error }, 'could not record the idempotent response');
      }
      return payload;
    });

    if (crashAt === 'answered') {
      app.addHook('onResponse', async (request) => {
        if (request.headers['idempotency-key'] !== undefined) crashIf('answered', crashAt);
      });
    }
  },
  { name: 'idempotency', dependencies: ['errors', 'auth'] },
);

export async function deleteExpiredIdempotencyKeys(db: Database, now: Date) {
  await db.delete(idempotencyKeys).where(lte(idempotencyKeys.expiresAt, now));
}
