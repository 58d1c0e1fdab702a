// Issue 9: the owner cancels a withdrawal still in review (amount + fee back through the ledger,
// exactly once), racing an operator's approval safely: of the two at the same moment exactly one wins,
// and the audit is clean. Also the block-explorer links the records carry, and the address book.
import { beforeAll, describe, expect, it } from 'vitest';
import { BlockExplorers } from '../../chain/explorers';
import { balanceOf, credit } from '../../test/accounts';
import { adminCall, call, describeEachDatabase, registerUser, uniqueEmail } from '../../test/harness';
import type { TestApp } from '../../test/harness';
import { offlineChains } from '../../test/chains';
import { RECIPIENT, requestWithdrawal } from './test-helpers';

function cancel(t: TestApp, token: string, id: string, headers: Record<string, string> = {}) {
  return call(t.app, 'POST', '/api/app/asset/withdraw/cancel', { token, body: { id }, headers });
}

describe('block explorer links', () => {
  it('point at the transaction and address on the configured explorer, none without one', () => {
    const explorers = new BlockExplorers({ ERC20: 'https://etherscan.io/' });
    expect(explorers.txUrl('ERC20', '0xabc')).toBe('https://etherscan.io/tx/0xabc');
    expect(explorers.addressUrl('ERC20', '0xdef')).toBe('https://etherscan.io/address/0xdef');
    expect(explorers.txUrl('ERC20', null)).toBeNull();
    expect(explorers.txUrl('BEP20', '0xabc')).toBeNull();
  });
});

describeEachDatabase('withdrawal cancel, explorer links and the address book', (db) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await db.app({ chains: offlineChains() });
  });

  describe('cancel in review', () => {
    it('returns amount + fee once, through the ledger; a second cancel moves nothing', async () => {
      const user = await registerUser(t, uniqueEmail('cancel'));
      await credit(t, user.email, '100');
      const id = await requestWithdrawal(t, user.token, '30');
      expect(await balanceOf(t, user.token)).toEqual({ available: '69', frozen: '31' });
      const detail = await call(t.app, 'GET', `/api/app/asset/withdraw/detail?id=${id}`, {
        token: user.token,
      });
      expect(detail.body.data).toMatchObject({ status: 'reviewing', cancellable: true, explorerTxUrl: null });

      const cancelled = await cancel(t, user.token, id, { 'idempotency-key': `cancel-${id}` });
      expect(cancelled.status).toBe(200);
      expect(cancelled.body.data).toMatchObject({
        id,
        status: 'cancelled',
        cancellable: false,
        estimatedArrival: null,
      });
      expect(await balanceOf(t, user.token)).toEqual({ available: '100', frozen: '0' });
      // The same key replays the answer; a new attempt is refused in the reader's language.
      const replay = await cancel(t, user.token, id, { 'idempotency-key': `cancel-${id}` });
      expect(replay.body).toEqual(cancelled.body);
      const again = await cancel(t, user.token, id, { 'x-lang': 'zh-CN' });
      expect(again.body).toMatchObject({ code: 409, reason: 'conflict', msg: '该提现已审核，无法再取消' });
      expect(await balanceOf(t, user.token)).toEqual({ available: '100', frozen: '0' });

      const ledger = await call(t.app, 'GET', '/api/app/asset/flows?token=USDT&type=withdraw', {
        token: user.token,
      });
      const entries = ledger.body.data!.list as { availableDelta: string; frozenDelta: string }[];
      expect(entries.map((e) => [e.availableDelta, e.frozenDelta])).toEqual([
        ['31', '-31'],
        ['-31', '31'],
      ]);
      // An operator can't approve it any more.
      const approve = await adminCall(t.app, 'POST', '/api/admin/withdrawals/approve', { body: { id } });
      expect(approve.status).toBe(409);
      await db.expectAuditClean();
    });

    it('is the owner’s alone: another user’s id is 404; after review it is 409', async () => {
      const alice = await registerUser(t, uniqueEmail('alice'));
      const bob = await registerUser(t, uniqueEmail('bob'));
      await credit(t, alice.email, '50');
      const id = await requestWithdrawal(t, alice.token, '20');
      const stranger = await cancel(t, bob.token, id);
      expect(stranger.status).toBe(404);
      expect((await cancel(t, bob.token, '999999999')).status).toBe(404);
      await adminCall(t.app, 'POST', '/api/admin/withdrawals/approve', { body: { id } });
      const late = await cancel(t, alice.token, id);
      expect(late.body).toMatchObject({
        code: 409,
        msg: 'This withdrawal was already reviewed and can no longer be cancelled',
      });
      expect(await balanceOf(t, alice.token)).toEqual({ available: '29', frozen: '21' });
      const bad = await call(t.app, 'POST', '/api/app/asset/withdraw/cancel', {
        token: alice.token,
        body: { id: 'abc' },
      });
      expect(bad.status).toBe(400);
      expect((await call(t.app, 'POST', '/api/app/asset/withdraw/cancel', { body: { id } })).status).toBe(
        401,
      );
    });

    it('racing an operator’s approval: exactly one wins each time, and the money follows the winner', async () => {
      const user = await registerUser(t, uniqueEmail('race'));
      const rounds = 20;
      await credit(t, user.email, String(rounds * 11));
      let cancelled = 0;
      let approved = 0;
      for (let round = 0; round < rounds; round++) {
        const id = await requestWithdrawal(t, user.token, '10');
        const [byOwner, byOperator] = await Promise.all([
          cancel(t, user.token, id),
          adminCall(t.app, 'POST', '/api/admin/withdrawals/approve', { body: { id } }),
        ]);
        const statuses = [byOwner.status, byOperator.status].sort();
        expect(statuses, JSON.stringify([byOwner.body, byOperator.body])).toEqual([200, 409]);
        const seen = await call(t.app, 'GET', `/api/app/asset/withdraw/detail?id=${id}`, {
          token: user.token,
        });
        const status = (seen.body.data as { status: string }).status;
        if (byOwner.status === 200) {
          cancelled++;
          expect(status).toBe('cancelled');
        } else {
          approved++;
          expect(status).toBe('approved');
        }
      }
      expect(cancelled + approved).toBe(rounds);
      // Each approved one still holds 10 + 1 frozen; each cancelled one gave it back, once.
      expect(await balanceOf(t, user.token)).toEqual({
        available: String(rounds * 11 - approved * 11),
        frozen: String(approved * 11),
      });
      await db.expectAuditClean();
    });
  });

  describe('explorer links', () => {
    it('are in deposit info where an explorer is configured, and absent on the local chains', async () => {
      const linked = await db.app({
        chains: offlineChains(),
        env: { ERC20_EXPLORER_URL: 'https://etherscan.io' },
      });
      const user = await registerUser(linked);
      const info = await call(linked.app, 'GET', '/api/app/asset/deposit/info?token=USDT&network=ERC20', {
        token: user.token,
      });
      const address = (info.body.data as { address: string }).address;
      expect(info.body.data).toMatchObject({ explorerAddressUrl: `https://etherscan.io/address/${address}` });
      const bep = await call(linked.app, 'GET', '/api/app/asset/deposit/info?token=USDT&network=BEP20', {
        token: user.token,
      });
      expect(bep.body.data).toMatchObject({ explorerAddressUrl: null });
      const local = await call(t.app, 'GET', '/api/app/asset/deposit/info?token=USDT&network=ERC20', {
        token: (await registerUser(t)).token,
      });
      expect(local.body.data).toMatchObject({ explorerAddressUrl: null });
    });
  });

  describe('address book', () => {
    const book = '/api/app/asset/withdraw/addresses';

    it('saves, lists newest first, filters by network and deletes the owner’s entries', async () => {
      const user = await registerUser(t, uniqueEmail('book'));
      const saved = await call(t.app, 'POST', book, {
        token: user.token,
        body: { label: ' Cold wallet ', network: 'erc20', address: RECIPIENT.toLowerCase() },
      });
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
      expect(saved.body.data).toMatchObject({ label: 'Cold wallet', network: 'ERC20', address: RECIPIENT });
      await call(t.app, 'POST', book, {
        token: user.token,
        body: { label: 'Exchange', network: 'BSC', address: RECIPIENT },
      });
      const all = await call(t.app, 'GET', book, { token: user.token });
      expect((all.body.data!.list as { label: string }[]).map((e) => e.label)).toEqual([
        'Exchange',
        'Cold wallet',
      ]);
      const erc = await call(t.app, 'GET', `${book}?network=ERC20`, { token: user.token });
      expect((erc.body.data!.list as { label: string }[]).map((e) => e.label)).toEqual(['Cold wallet']);

      const other = await registerUser(t, uniqueEmail('other'));
      expect((await call(t.app, 'GET', book, { token: other.token })).body.data).toEqual({ list: [] });
      const id = (saved.body.data as { id: string }).id;
      const stranger = await call(t.app, 'POST', `${book}/delete`, { token: other.token, body: { id } });
      expect(stranger.status).toBe(404);
      const removed = await call(t.app, 'POST', `${book}/delete`, { token: user.token, body: { id } });
      expect(removed.body).toEqual({ code: 0 });
      const left = await call(t.app, 'GET', book, { token: user.token });
      expect((left.body.data!.list as { label: string }[]).map((e) => e.label)).toEqual(['Exchange']);
    });

    it('checks an address like a withdrawal’s, in both languages, and refuses duplicates and a 21st', async () => {
      const user = await registerUser(t, uniqueEmail('book-rules'));
      const save = (body: Record<string, unknown>, lang = 'en-US') =>
        call(t.app, 'POST', book, { token: user.token, body, headers: { 'x-lang': lang } });
      const bad = await save({ label: 'x', network: 'ERC20', address: '0x1234' }, 'zh-CN');
      expect(bad.body).toMatchObject({ code: 400, data: { fields: { address: '地址无效' } } });
      const checksum = await save({
        label: 'x',
        network: 'ERC20',
        address: RECIPIENT.replace('8ba1', '8BA1'),
      });
      expect(checksum.body).toMatchObject({ code: 400, data: { fields: { address: 'Invalid address' } } });
      const zero = await save({ label: 'x', network: 'ERC20', address: `0x${'0'.repeat(40)}` });
      expect(zero.status).toBe(400);
      const noLabel = await save({ label: '   ', network: 'ERC20', address: RECIPIENT });
      expect(noLabel.body).toMatchObject({
        code: 400,
        data: { fields: { label: 'Please enter a name (up to 20 characters)' } },
      });
      expect((await save({ label: 'x'.repeat(21), network: 'ERC20', address: RECIPIENT })).status).toBe(400);
      expect((await save({ label: 'Mine', network: 'TRC20', address: RECIPIENT })).status).toBe(400);

      expect((await save({ label: 'Mine', network: 'ERC20', address: RECIPIENT })).status).toBe(200);
      const twice = await save(
        { label: 'Again', network: 'ERC20', address: RECIPIENT.toLowerCase() },
        'zh-CN',
      );
      expect(twice.body).toMatchObject({ code: 409, msg: '该地址已在地址簿中' });

      for (let i = 1; i < 20; i++) {
        const address = `0x${i.toString(16).padStart(40, 'a')}`;
        expect((await save({ label: `n${i}`, network: 'BEP20', address })).status).toBe(200);
      }
      const full = await save({ label: 'one more', network: 'BEP20', address: `0x${'b'.repeat(40)}` });
      expect(full.body).toMatchObject({
        code: 400,
        msg: 'Your address book is full (20 addresses). Remove one first.',
      });
      const list = await call(t.app, 'GET', book, { token: user.token });
      expect((list.body.data!.list as unknown[]).length).toBe(20);
      expect((await call(t.app, 'GET', book)).status).toBe(401);
    });
  });
});
