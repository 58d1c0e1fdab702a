// Withdrawals that must never be recorded: one by a user frozen while the request was under way
// (issue 8, defect 5), and one to an address that takes the tokens and never gives them back: the
// zero address, the token contract itself, the platform's hot wallet (defect 6). Each is refused in
// the user's language and moves nothing.
import { beforeAll, expect, it } from 'vitest';
import { DEV_TOKEN_ADDRESS } from '../../chain/dev-chains';
import type { RateLimiter } from '../../plugins/rate-limit';
import { fundedUser } from '../../test/accounts';
import { adminCall, call, describeEachDatabase, PASSWORD, type TestApp } from '../../test/harness';
import { offlineChains } from '../../test/chains';
import { RECIPIENT } from './test-helpers';

/** Lets every call through, but holds the withdrawal's password check while a gate is set. */
class GatedLimiter implements RateLimiter {
  private gate: Promise<void> | undefined;
  private onEnter: (() => void) | undefined;

  hold() {
    let release!: () => void;
    const entered = new Promise<void>((resolve) => (this.onEnter = resolve));
    this.gate = new Promise<void>((resolve) => (release = resolve));
    return { entered, release };
  }

  async consume(bucket: string) {
    if (bucket === 'withdraw-password' && this.gate) {
      const gate = this.gate;
      this.gate = undefined;
      this.onEnter?.();
      await gate;
    }
    return { allowed: true, retryAfterSeconds: 0 };
  }

  async close() {}
}

async function balances(t: TestApp, token: string) {
  const res = await call(t.app, 'GET', '/api/app/asset/balances', { token });
  return res.body.data!.list as { token: string; available: string; frozen: string }[];
}

async function withdrawals(t: TestApp, email: string) {
  const res = await adminCall(t.app, 'GET', '/api/admin/withdrawals?pageSize=100');
  return (res.body.data!.list as { email: string }[]).filter((w) => w.email === email);
}

describeEachDatabase('withdrawal guards', (db) => {
  const limiter = new GatedLimiter();
  const chains = offlineChains();
  let t: TestApp;
  beforeAll(async () => {
    // A password rule, so the withdrawal consults the limiter (where the test holds it).
    t = await db.app({ chains, limiter, env: { RATE_LIMIT_LOGIN_EMAIL: '10/900' } });
  });

  it('a withdrawal under way when the user is frozen is refused and freezes nothing', async () => {
    const user = await fundedUser(t, '100');
    const before = await balances(t, user.token);
    const held = limiter.hold();
    const pending = call(t.app, 'POST', '/api/app/asset/withdraw', {
      token: user.token,
      body: { token: 'USDT', network: 'ERC20', address: RECIPIENT, amount: '20', password: PASSWORD },
    });
    // The request passed sign-in and is checking the password when the operator freezes the user.
    await held.entered;
    const frozen = await adminCall(t.app, 'POST', '/api/admin/users/freeze', { body: { email: user.email } });
    expect(frozen.status).toBe(200);
    held.release();
    const res = await pending;
    expect(res.status).toBe(401);
    expect(res.body.reason).toBe('user_frozen');
    expect(await withdrawals(t, user.email)).toEqual([]);

    await adminCall(t.app, 'POST', '/api/admin/users/unfreeze', { body: { email: user.email } });
    const again = await call(t.app, 'POST', '/api/app/auth/login', {
      body: { email: user.email, password: PASSWORD },
    });
    expect(await balances(t, (again.body.data as { token: string }).token)).toEqual(before);
    await db.expectAuditClean();
  });

  it('refuses the zero address, the token contract and the hot wallet, in both languages', async () => {
    const user = await fundedUser(t, '100');
    const before = await balances(t, user.token);
    const hotWallet = chains.network('ERC20')!.hotWallet!.account.address;
    const cases = [
      {
        address: '0x0000000000000000000000000000000000000000',
        en: 'The zero address cannot receive tokens: enter the address of your wallet',
        zh: '零地址无法接收代币，请填写您的钱包地址',
      },
      {
        address: DEV_TOKEN_ADDRESS.toLowerCase(),
        en: 'This is the token contract itself: tokens sent to it are lost. Enter the address of your wallet',
        zh: '这是代币合约本身的地址，转入的代币将永久丢失，请填写您的钱包地址',
      },
      {
        address: hotWallet,
        en: 'This is the platform’s own withdrawal address: enter the address of your wallet',
        zh: '这是平台自己的提现地址，请填写您的钱包地址',
      },
    ];
    for (const c of cases) {
      for (const [lang, text] of [
        ['en-US', c.en],
        ['zh-CN', c.zh],
      ] as const) {
        const res = await call(t.app, 'POST', '/api/app/asset/withdraw', {
          token: user.token,
          headers: { 'x-lang': lang },
          body: { token: 'USDT', network: 'ERC20', address: c.address, amount: '20', password: PASSWORD },
        });
        expect(res.status, c.address).toBe(400);
        expect(res.body.reason).toBe('validation');
        expect(res.body.msg).toBe(text);
        expect(res.body.data?.fields?.address).toBe(text);
      }
    }
    expect(await withdrawals(t, user.email)).toEqual([]);
    expect(await balances(t, user.token)).toEqual(before);
    // An ordinary address still works.
    const ok = await call(t.app, 'POST', '/api/app/asset/withdraw', {
      token: user.token,
      body: { token: 'USDT', network: 'ERC20', address: RECIPIENT, amount: '20', password: PASSWORD },
    });
    expect(ok.status).toBe(200);
    await db.expectAuditClean();
  });
});
