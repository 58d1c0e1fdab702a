// The account's part of the WebSocket (plugins/websocket.ts): `auth` signs a socket in with a session
// token (limited per address like the HTTP sign-in), the `user` channel carries the signed-in user's
// own events (the modules that tell a user something publish to `userChannel`), and a session revoked
// in any process (logout, password change, freeze: SESSIONS_CHANNEL) signs its sockets out at once.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { wsRevokeReasons } from '@tradeflip/api';
import type { RateRule } from '../../config';
import { SESSIONS_CHANNEL } from '../../db/notifications';
import type { RateLimiter } from '../../plugins/rate-limit';
import type { WsChannelEvent } from '@tradeflip/api';
import type { LiveClient, WebSocketHub, WsRefusal } from '../../plugins/websocket';
import type { AccountService, SessionLookup } from './service';

/** The channel of a user's own events: the hub's key of their `user` channel. */
export const userChannel = (userId: number) => `user:${userId}`;

type RevokeReason = (typeof wsRevokeReasons)[number];

interface LiveSessionsOptions {
  accounts: AccountService;
  /** Counts `auth` messages per client address (`authRule`, like the HTTP sign-in's). */
  limiter?: RateLimiter | undefined;
  authRule?: RateRule | null | undefined;
  /** The app's clock: a signed-in socket's session expires by it. */
  now: () => Date;
}

/** Signs sockets in and out (each socket's session is its own `session`, set through the hub). */
export class LiveSessions {
  /** Per sign-in being looked up, the sessions revoked meanwhile (its lookup may predate them). */
  private readonly lookups = new Set<Set<number>>();

  constructor(
    private readonly hub: WebSocketHub,
    private readonly options: LiveSessionsOptions,
  ) {
    hub.channel('user', {
      // Not signed in: a key no event is published to (and joining it is refused).
      key: (_message, client) => `user:${client.session?.userId ?? ''}`,
      shownAs: 'user',
      refuse: (_message, client) =>
        client.session ? undefined : { reason: 'unauthorized', key: 'errors.signInFirst' },
    });
    hub.authenticate((token, client) => this.signIn(token, client));
  }

  private async signIn(token: string, client: LiveClient) {
    const { accounts, limiter, authRule } = this.options;
    // Each sign-in reads the database: limited per address like the HTTP sign-in.
    const decision = limiter ? await limiter.consume('ws-auth-ip', client.ip, authRule ?? null) : undefined;
    if (decision && !decision.allowed) {
      return this.refuse(client, {
        reason: 'rate_limited',
        key: 'errors.tooManyRequestsIn',
        vars: { s: decision.retryAfterSeconds },
      });
    }
    const [session, revoked] = await this.lookUp(() => accounts.resolveSession(token));
    if (session.status !== 'valid' || revoked) {
      const frozen = session.status === 'frozen';
      // The same words as the HTTP side's 401 for each reason.
      return this.refuse(client, {
        reason: frozen ? 'user_frozen' : 'unauthorized',
        key: frozen ? 'errors.accountFrozen' : 'errors.unauthorized',
      });
    }
    const previous = client.session?.userId;
    const userId = session.user.id;
    this.hub.signIn(client, { userId, sessionId: session.sessionId, expiresAt: session.expiresAt });
    this.hub.reply(client, { type: 'authed', userId: String(userId) });
    // Signed in as someone else now: the previous user's events stop here, the new user's channel
    // starts (numbered afresh).
    if (previous !== undefined && previous !== userId && client.channels.has(userChannel(previous))) {
      this.hub.unsubscribe(client, userChannel(previous));
      const seq = this.hub.subscribe(client, userChannel(userId));
      this.hub.reply(client, { type: 'subscribed', channel: 'user', seq });
    }
  }

  /**
   * Refuses an `auth`, signing the socket out first: it asked to be someone else, so it is no longer
   * whoever it was (a `subscribe user` right after must not join the previous user's channel).
   */
  private refuse(client: LiveClient, refusal: WsRefusal) {
    this.signOut(client);
    this.hub.refuse(client, refusal);
  }

  private signOut(client: LiveClient) {
    const signedIn = client.session;
    if (!signedIn) return;
    this.hub.unsubscribe(client, userChannel(signedIn.userId));
    this.hub.signOut(client);
  }

  /**
   * Sends a user's own event to their signed-in sockets. A socket whose session has expired since it
   * signed in (expiry sends no revocation) is signed out first and told so, as HTTP answers it 401.
   */
  tell(userId: number, event: WsChannelEvent) {
    const now = this.options.now();
    for (const client of this.hub.members(userChannel(userId))) {
      if (client.session && client.session.expiresAt <= now) {
        this.signOut(client);
        this.hub.reply(client, { type: 'unauthed', reason: 'expired' });
      }
    }
    this.hub.broadcast(userChannel(userId), event);
  }

  /**
   * Runs a sign-in's session lookup; answers it with whether that session was revoked while it ran
   * (a revocation announced before the sign-in takes effect would otherwise miss its socket).
   */
  private async lookUp(lookup: () => Promise<SessionLookup>): Promise<[SessionLookup, boolean]> {
    const revoked = new Set<number>();
    this.lookups.add(revoked);
    try {
      const answer = await lookup();
      return [answer, answer.status === 'valid' && revoked.has(answer.sessionId)];
    } finally {
      this.lookups.delete(revoked);
    }
  }

  /**
   * Signs out the sockets signed in with a revoked session: their user channel stops at once and they
   * are told why.
   */
  revoke(sessionId: number, reason: RevokeReason) {
    for (const revoked of this.lookups) revoked.add(sessionId);
    for (const client of this.hub.all()) {
      if (client.session?.sessionId !== sessionId) continue;
      this.signOut(client);
      this.hub.reply(client, { type: 'unauthed', reason });
    }
  }

  /** Closes the sockets signed in as a user (an operator's tool); answers how many. */
  disconnect(userId: number): number {
    let closed = 0;
    for (const client of this.hub.all()) {
      if (client.session?.userId !== userId) continue;
      this.hub.close(client, 1012, 'disconnected by the operator');
      closed += 1;
    }
    return closed;
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The signed-in sockets of this process. */
    liveSessions: LiveSessions;
  }
}

export const accountLive = fp<LiveSessionsOptions>(
  async (app: FastifyInstance, options) => {
    const sessions = new LiveSessions(app.webSockets, options);
    app.decorate('liveSessions', sessions);
    await app.webSockets.onNotification(SESSIONS_CHANNEL, (payload) => {
      const match = /^(\d+):([a-z_]+)$/.exec(payload);
      const reason = wsRevokeReasons.find((known) => known === match?.[2]);
      if (match && reason) app.liveSessions.revoke(Number(match[1]), reason);
    });
  },
  { name: 'account-live', dependencies: ['websocket'] },
);
