// Issue 32 point 8, Web Push: the key route; subscribing (only to an allowed push service, with keys
// that are a device's: a clear 400 otherwise, never a 500); forgetting a device (never another
// user's); a liquidation reaching a device at a local push service as a valid push (VAPID JWT signed
// by the server's key for the service's origin, the body decrypted with the device's key) in the
// user's language, with the notification centre's words; every other notice pushed too, the pusher
// woken by its storing; an old notice not pushed; a 410 forgetting the device; push off on
// PostgreSQL without keys; the configuration of the keys, subject and allowed services named when wrong.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as routes from '@tradeflip/api/routes';
import { ConfigError, parseConfig } from '../../config';
import { fundedUser } from '../../test/accounts';
import { FakePushService } from '../../test/fake-push-service';
import { callRoute, describeEachDatabase } from '../../test/harness';
import { GameTable } from '../contract-game/test-helpers';
import { storeNotice } from '../notifications/service';
import { PUSH_WITHIN_MS, pushNotices, startNoticePusher } from './notice-pusher';
import { endpointAllowed, generateVapidKeys } from './vapid';

const zh = { 'accept-language': 'zh-CN' };

describeEachDatabase('Web Push', (db) => {
  const fake = new FakePushService();
  let game: GameTable;

  beforeAll(async () => {
    await fake.start();
    // The fake's loopback origin is allowed here only: the default allows the real push services.
    game = await GameTable.start(db, '2030-03-01T00:00:00Z', { env: { PUSH_ENDPOINT_ORIGINS: fake.origin } });
  });
  afterAll(() => fake.stop());

  const app = () => game.t.app;
  const subscribe = (token: string, body: unknown, headers?: Record<string, string>) =>
    callRoute(app(), routes.push.subscribe, { token, body: body as never, ...(headers && { headers }) });
  const remove = (token: string, endpoint: string) =>
    callRoute(app(), routes.push.remove, { token, body: { endpoint } });

  /** A player with a 100× BTC long at 60000 (liquidated at 59430), the price back at 60000. */
  async function longAt60000(token: string) {
    await game.price('BTCUSDT', '60000');
    return game.opened(token, { symbol: 'BTCUSDT', side: 'long', margin: '10', leverage: 100 });
  }
  /** One pass of the notice pusher: answers once every push it took is sent. */
  const priceDp = (symbol: string) => app().services.market.priceDpOf(symbol);
  const pushPass = () =>
    pushNotices({ db: db.handle.db, clock: game.clock, push: app().services.push, priceDp });
  /** The price falls to the liquidation price; answers once every push is sent. */
  async function liquidate() {
    await game.price('BTCUSDT', '59430');
    await pushPass();
  }
  const userIdOf = (user: { user: Record<string, unknown> }) => Number(user.user.id);

  it('gives the VAPID public key to a signed-in user, kept in DATA_DIR/vapid.json (0600)', async () => {
    const user = await fundedUser(game.t, '10');
    const res = await callRoute(app(), routes.push.key, { token: user.token });
    expect(res.status).toBe(200);
    const { publicKey } = res.body.data as { publicKey: string };
    expect(Buffer.from(publicKey, 'base64url')).toHaveLength(65);
    const file = path.join(game.t.dataDir, 'vapid.json');
    expect(JSON.parse(fs.readFileSync(file, 'utf8'))).toMatchObject({ publicKey });
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    // The next start keeps it: devices stay subscribed.
    const again = await db.app({ env: { DATA_DIR: game.t.dataDir } });
    expect((await callRoute(again.app, routes.push.key, { token: user.token })).body.data).toEqual({
      publicKey,
    });
    expect((await callRoute(app(), routes.push.key, {})).status).toBe(401);
  });

  it('refuses an endpoint outside the allowed push services, and keys that are no device’s, with a 400', async () => {
    const user = await fundedUser(game.t, '10');
    const device = fake.device();
    const elsewhere = await subscribe(user.token, {
      ...device,
      endpoint: 'http://169.254.169.254/latest/meta-data',
    });
    expect(elsewhere.status).toBe(400);
    expect(elsewhere.body).toMatchObject({
      reason: 'validation',
      msg: 'This push service is not supported',
      data: { fields: { endpoint: 'This push service is not supported' } },
    });
    // Same host, other port; a look-alike of an allowed origin; not a URL at all.
    for (const endpoint of [
      device.endpoint.replace(/:(\d+)\//, (_, port: string) => `:${Number(port) + 1}/`),
      `${fake.origin}.evil.example/push/x`,
      'not a url',
    ]) {
      expect((await subscribe(user.token, { ...device, endpoint })).status).toBe(400);
    }
    const zhRefused = await subscribe(user.token, { ...device, endpoint: 'https://evil.example/p' }, zh);
    expect(zhRefused.body.msg).toBe('不支持此推送服务');

    const badKeys = [
      { p256dh: 'short', auth: device.keys.auth },
      { p256dh: device.keys.p256dh, auth: 'AAAA' },
      // 65 bytes of the right form, but no point of the curve.
      {
        p256dh: Buffer.concat([Buffer.from([4]), Buffer.alloc(64, 1)]).toString('base64url'),
        auth: device.keys.auth,
      },
    ];
    for (const keys of badKeys) {
      const res = await subscribe(user.token, { endpoint: device.endpoint, keys });
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect(res.body.msg).toBe('The push subscription’s keys are not valid');
    }
    expect((await subscribe(user.token, { endpoint: device.endpoint })).status).toBe(400);
    expect((await subscribe(user.token, ['nothing'])).status).toBe(400);
    expect((await subscribe(user.token, device)).body.data).toEqual({ subscribed: true });
  });

  it('pushes a liquidation to the device, signed for its push service and encrypted to it, in the user’s language', async () => {
    const user = await fundedUser(game.t, '100');
    const device = fake.device();
    expect((await subscribe(user.token, device)).status).toBe(200);
    const chinese = await fundedUser(game.t, '100');
    await callRoute(app(), routes.account.setLanguage, { token: chinese.token, body: { language: 'zh-CN' } });
    const chineseDevice = fake.device();
    await subscribe(chinese.token, chineseDevice);
    const ids = [await longAt60000(user.token), await longAt60000(chinese.token)];

    const before = fake.received.length;
    await liquidate();
    await fake.arrived(before + 2);
    expect(fake.refused).toEqual([]);
    const key = (
      (await callRoute(app(), routes.push.key, { token: user.token })).body.data as { publicKey: string }
    ).publicKey;
    const pushed = (endpoint: string) => fake.received.find((push) => push.endpoint === endpoint);
    expect(pushed(device.endpoint)).toMatchObject({
      signer: key,
      claims: { aud: fake.origin, sub: 'mailto:no-reply@tradeflip.local' },
      payload: {
        title: 'Position liquidated',
        body: 'Your BTC/USDT long position was liquidated at 59,430.00.',
        url: `/pages/game/detail?id=BTCUSDT&position=${ids[0]}`,
        tag: expect.stringMatching(/^notice-\d+$/),
      },
    });
    expect(pushed(chineseDevice.endpoint)?.payload).toEqual({
      title: '仓位已强平',
      body: '您的 BTC/USDT 做多仓位已在 59,430.00 被强制平仓。',
      url: `/pages/game/detail?id=BTCUSDT&position=${ids[1]}`,
      tag: expect.stringMatching(/^notice-\d+$/),
    });
    // The money was settled as without push.
    await db.expectAuditClean();
  });

  it('pushes every notice the centre stores, waking on its storing, with its reason in the user’s language', async () => {
    const pusher = startNoticePusher({
      db: db.handle.db,
      clock: game.clock,
      push: app().services.push,
      priceDp,
      notifications: app().services.notifications,
      // Only the wake-up on the stored notice can push within the test.
      intervalMs: 600_000,
    });
    try {
      const chinese = await fundedUser(game.t, '1');
      await callRoute(app(), routes.account.setLanguage, {
        token: chinese.token,
        body: { language: 'zh-CN' },
      });
      const device = fake.device();
      await subscribe(chinese.token, device);
      await app().services.notifications.ready();
      const before = fake.received.length;
      const params = { withdrawalId: '41', amount: '30', token: 'USDT', reason: 'errors.withdrawalReverted' };
      await storeNotice(db.handle.db, userIdOf(chinese), 'withdrawal_failed', params, game.clock.now());
      await storeNotice(
        db.handle.db,
        userIdOf(chinese),
        'invite_reward',
        { amount: '1.5', token: 'USDT' },
        game.clock.now(),
      );
      await fake.arrived(before + 2);
      // Two pushes sent side by side arrive in either order: read in the order the notices were stored.
      const noticeNumber = (push: { payload: unknown }) =>
        Number((push.payload as { tag: string }).tag.replace('notice-', ''));
      const arrived = fake.received.slice(before).sort((a, b) => noticeNumber(a) - noticeNumber(b));
      expect(arrived.map((push) => push.payload)).toEqual([
        {
          title: '提现失败',
          body: expect.stringMatching(/^您提现的 30 USDT 失败：.+[^。]。$/),
          url: '/pages/wallet/withdrawDetail?id=41',
          tag: expect.stringMatching(/^notice-\d+$/),
        },
        {
          title: '奖励已到账',
          body: '您获得了 1.5 USDT 邀请奖励。',
          url: '/pages/invite/index',
          tag: expect.stringMatching(/^notice-\d+$/),
        },
      ]);
    } finally {
      await pusher.stop();
    }
  });

  it('does not push a notice stored longer ago than the push window, nor one twice', async () => {
    const user = await fundedUser(game.t, '1');
    const device = fake.device();
    await subscribe(user.token, device);
    const old = new Date(game.clock.now().getTime() - PUSH_WITHIN_MS - 1_000);
    await storeNotice(
      db.handle.db,
      userIdOf(user),
      'deposit_credited',
      { depositId: '1', amount: '5', token: 'USDT' },
      old,
    );
    await storeNotice(
      db.handle.db,
      userIdOf(user),
      'deposit_credited',
      { depositId: '2', amount: '7', token: 'USDT' },
      game.clock.now(),
    );
    const before = fake.received.length;
    await pushPass();
    await pushPass();
    expect(fake.received.slice(before).map((push) => (push.payload as { body: string }).body)).toEqual([
      '7 USDT arrived in your balance.',
    ]);
  });

  it('forgets a removed device, never another user’s', async () => {
    const [alice, bob] = [await fundedUser(game.t, '100'), await fundedUser(game.t, '100')];
    const [aliceDevice, bobDevice] = [fake.device(), fake.device()];
    await subscribe(alice.token, aliceDevice);
    await subscribe(bob.token, bobDevice);
    // Bob names Alice's endpoint: nothing of hers changes.
    expect((await remove(bob.token, aliceDevice.endpoint)).body.data).toEqual({ subscribed: false });
    expect((await remove(bob.token, bobDevice.endpoint)).status).toBe(200);
    await longAt60000(alice.token);
    await longAt60000(bob.token);
    const before = fake.received.length;
    await liquidate();
    expect(fake.received.slice(before).map((push) => push.endpoint)).toEqual([aliceDevice.endpoint]);
  });

  it('forgets a device its push service answers 410 Gone for', async () => {
    const user = await fundedUser(game.t, '100');
    const device = fake.device();
    await subscribe(user.token, device);
    fake.gone(device.endpoint);
    await longAt60000(user.token);
    const before = fake.received.length;
    await liquidate();
    expect(fake.received.slice(before)).toMatchObject([{ endpoint: device.endpoint, status: 410 }]);
    await longAt60000(user.token);
    await liquidate();
    expect(fake.received.length).toBe(before + 1);
  });

  it('on PostgreSQL without keys push is off: its routes answer 409, in the user’s language', async () => {
    const off = await db.app({ env: { DATABASE_URL: 'postgres://db.invalid/tradeflip' } });
    const user = await fundedUser(off, '1');
    const key = await callRoute(off.app, routes.push.key, { token: user.token, headers: zh });
    expect(key.status).toBe(409);
    expect(key.body.msg).toBe('此服务器未开启推送通知');
    const sub = await callRoute(off.app, routes.push.subscribe, { token: user.token, body: fake.device() });
    expect(sub.body).toMatchObject({ code: 409, msg: 'Push notifications are not available on this server' });
    expect(fs.existsSync(path.join(off.dataDir, 'vapid.json'))).toBe(false);
    // Given keys, it is on there too.
    const keys = generateVapidKeys();
    const on = await db.app({
      env: {
        DATABASE_URL: 'postgres://db.invalid/tradeflip',
        VAPID_PUBLIC_KEY: keys.publicKey,
        VAPID_PRIVATE_KEY: keys.privateKey,
      },
    });
    expect((await callRoute(on.app, routes.push.key, { token: user.token })).body.data).toEqual({
      publicKey: keys.publicKey,
    });
  });
});

describe('Web Push configuration', () => {
  const problems = (env: Record<string, string>) => {
    try {
      parseConfig(env);
    } catch (error) {
      if (error instanceof ConfigError) return error.problems.join('\n');
      throw error;
    }
    return '';
  };
  const [a, b] = [generateVapidKeys(), generateVapidKeys()];

  it('takes a matching pair, and stops on a pair that does not match, naming the variable, never the key', () => {
    expect(
      parseConfig({ VAPID_PUBLIC_KEY: a.publicKey, VAPID_PRIVATE_KEY: a.privateKey }).push.vapid,
    ).toEqual(a);
    const mismatched = problems({ VAPID_PUBLIC_KEY: a.publicKey, VAPID_PRIVATE_KEY: b.privateKey });
    expect(mismatched).toContain('VAPID_PRIVATE_KEY is not the private key of VAPID_PUBLIC_KEY');
    expect(mismatched).not.toContain(b.privateKey);
    expect(problems({ VAPID_PUBLIC_KEY: a.publicKey })).toContain(
      'VAPID_PRIVATE_KEY is required with VAPID_PUBLIC_KEY',
    );
    expect(problems({ VAPID_PRIVATE_KEY: a.privateKey })).toContain('VAPID_PUBLIC_KEY is required');
    const malformed = problems({ VAPID_PUBLIC_KEY: a.publicKey, VAPID_PRIVATE_KEY: `${a.privateKey}xyz` });
    expect(malformed).toContain('VAPID_PRIVATE_KEY must be the base64url of a 32-byte P-256 private key');
    expect(malformed).not.toContain(a.privateKey);
    expect(problems({ VAPID_PUBLIC_KEY: 'abc', VAPID_PRIVATE_KEY: a.privateKey })).toContain(
      'VAPID_PUBLIC_KEY must be the base64url of an uncompressed P-256 public key',
    );
  });

  it('names a subject that is neither mailto: nor https:', () => {
    expect(problems({ VAPID_SUBJECT: 'ops@tradeflip.example' })).toContain(
      'VAPID_SUBJECT must be a mailto: address',
    );
    expect(problems({ VAPID_SUBJECT: 'http://tradeflip.example' })).toContain('VAPID_SUBJECT');
    expect(parseConfig({ VAPID_SUBJECT: 'https://tradeflip.example' }).push.subject).toBe(
      'https://tradeflip.example',
    );
  });

  it('allows the known push services by default, and only origins of https (http for loopback only)', () => {
    const hosts = parseConfig({}).push.endpointOrigins.map((origin) => origin.host);
    expect(hosts).toEqual([
      'fcm.googleapis.com',
      'updates.push.services.mozilla.com',
      '*.push.apple.com',
      '*.notify.windows.com',
    ]);
    expect(problems({ PUSH_ENDPOINT_ORIGINS: 'http://push.example.com' })).toContain('PUSH_ENDPOINT_ORIGINS');
    expect(problems({ PUSH_ENDPOINT_ORIGINS: 'https://push.example.com/path' })).toContain(
      'must be an origin only',
    );
    expect(problems({ PUSH_ENDPOINT_ORIGINS: ' , ' })).toContain(
      'PUSH_ENDPOINT_ORIGINS must list at least one',
    );
  });

  it('matches an endpoint to the allowed services by scheme, host (a sub-domain for *.) and port', () => {
    const origins = parseConfig({}).push.endpointOrigins;
    expect(endpointAllowed('https://fcm.googleapis.com/fcm/send/abc', origins)).toBe(true);
    expect(endpointAllowed('https://web.push.apple.com/QG9', origins)).toBe(true);
    expect(endpointAllowed('https://push.apple.com/QG9', origins)).toBe(false);
    expect(endpointAllowed('https://evilpush.apple.com/QG9', origins)).toBe(false);
    expect(endpointAllowed('https://fcm.googleapis.com.evil.example/x', origins)).toBe(false);
    expect(endpointAllowed('https://fcm.googleapis.com:8443/x', origins)).toBe(false);
    expect(endpointAllowed('http://fcm.googleapis.com/x', origins)).toBe(false);
    expect(endpointAllowed('https://user:pw@fcm.googleapis.com/x', origins)).toBe(false);
  });
});
