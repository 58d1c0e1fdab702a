// Issue 19, acceptance 4: a player at phone size goes Home → Invite (the code, the link copied, its QR)
// → a friend signs up through the link and plays → the friend and the reward show on Invite → the
// share card of a closed position (amounts off, then on, then sent) → VIP → Feedback → Profile (VIP
// badge, every menu entry) → Language; screenshots in both languages.
import type { Browser, Page } from '@playwright/test';
import { adminApi } from '../support/admin';
import { E2E_BASE_URL } from '../support/env';
import { newEmail, newPassword, playerApi, registerInBrowser, saveScreens, toast } from '../support/app';
import { expect, test } from '../support/fixtures';

test.afterAll(async () => {
  await adminApi('/api/admin/market/price', { symbol: 'BTCUSDT' });
});

/** Opens a 10x long of 100 USDT at 60,000 and closes it at 61,200 (+20 before fees). */
async function playARoundTrip(page: Page) {
  await adminApi('/api/admin/market/price', { symbol: 'BTCUSDT', price: '60000' });
  const opened = await playerApi<{ id: string }>(page, '/api/app/game/open', {
    symbol: 'BTCUSDT',
    side: 'long',
    margin: '100',
    leverage: 10,
  });
  await adminApi('/api/admin/market/price', { symbol: 'BTCUSDT', price: '61200' });
  await playerApi<{ id: string }>(page, '/api/app/game/close', { id: opened.id });
}

/** A friend who opens the invite link in their own browser and signs up: the code is filled in. */
async function friendSignsUp(browser: Browser, link: string, code: string) {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true });
  const page = await context.newPage();
  await page.goto(link);
  await expect(page.locator('input[name="inviteCode"]')).toHaveValue(code);
  const email = newEmail('friend');
  await registerInBrowser(page, email, newPassword());
  await adminApi('/api/admin/balances/adjust', { email, token: 'USDT', amount: '200', reason: 'test' });
  await playARoundTrip(page);
  await context.close();
}

for (const lang of ['en-US', 'zh-CN'] as const) {
  test(`Home → Invite → a friend plays → share card → VIP → Feedback → Profile → Language (${lang})`, async ({
    page,
    browser,
  }) => {
    const en = lang === 'en-US';
    const tag = en ? 'en' : 'zh';
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/pages/register/index');
    const email = newEmail('inviter');
    await registerInBrowser(page, email, newPassword());
    await page.evaluate((value) => localStorage.setItem('app.lang', value), lang);

    await test.step('Home leads to Invite: the code, the link and its QR, copied', async () => {
      await page.goto('/');
      await expect(page.getByTestId('entry-install')).toBeVisible();
      await saveScreens(page, `journey-home-${tag}`);
      await page.getByTestId('entry-invite').click();
      await expect(page).toHaveURL(/\/pages\/invite\/index$/);
      const code = (await page.getByTestId('invite-code').textContent())!;
      expect(code).toMatch(/^[A-Z0-9]{4,32}$/);
      const link = `${E2E_BASE_URL}/pages/register/index?code=${code}`;
      await expect(page.getByTestId('invite-link')).toHaveText(link);
      await expect(page.getByTestId('invite-qr')).toHaveAttribute('data-value', link);
      await expect(page.getByTestId('invite-qr').locator('svg')).toBeVisible();
      await expect(page.getByTestId('invite-friends-total')).toHaveText('0');
      await expect(page.getByTestId('invite-no-friends')).toBeVisible();
      await expect(page.getByTestId('invite-rules')).toContainText(
        en
          ? 'On each play of a friend you invited, you receive 0.2% of each bet (a flip’s stake, a position’s margin) and 1% of the loss.'
          : '您邀请的好友每次游戏，您可获得每笔投注（闪电翻转的本金、合约的保证金）的 0.2%、亏损的 1%。',
      );
      await page.getByTestId('invite-copy-link').click();
      await expect(toast(page, en ? 'Copied' : '已复制')).toBeVisible();
      await saveScreens(page, `journey-invite-${tag}`);

      await friendSignsUp(browser, link, code);
      // The friend's bet paid its reward a moment later (the rewarder runs every second): the page's
      // two requests (the list, the total) may fall either side of it, so both are read after a reload.
      await expect(async () => {
        await page.reload();
        await expect(page.getByTestId('invite-friends-total')).toHaveText('1');
        await expect(page.getByTestId('invite-friend-reward')).not.toHaveText('0 USDT');
        await expect(page.getByTestId('invite-reward-total-USDT')).not.toHaveText('0 USDT');
      }).toPass({ intervals: [1000], timeout: 15_000 });
      // Bet 100: 0.2 % = 0.2 USDT to the inviter, within the 0.5 opening fee.
      await expect(page.getByTestId('invite-friend-reward')).toHaveText('0.2 USDT');
      await expect(page.getByTestId('invite-reward-total-USDT')).toHaveText('0.2 USDT');
      await expect(page.getByTestId('invite-friend').locator('.invite-row__name')).toHaveText(
        /^[a-z0-9]{1,2}\*\*\*@/,
      );
      await page.getByTestId('invite-tab-rewards').click();
      await expect(page.getByTestId('invite-reward').first()).toContainText('+0.2 USDT');
      await saveScreens(page, `journey-invite-friend-${tag}`);
    });

    await test.step('a closed position shared as a card: amounts off until chosen, then sent', async () => {
      await adminApi('/api/admin/balances/adjust', { email, token: 'USDT', amount: '200', reason: 'test' });
      await playARoundTrip(page);
      await page.goto('/pages/game/detail?id=BTCUSDT');
      await page.getByTestId('positions-tab-closed').click();
      await page.locator('article.position--closed').first().getByTestId('closed-detail').click();
      await page.getByTestId('position-share').click();
      const image = page.getByTestId('share-card-image');
      await expect(image).toHaveAttribute('data-amounts', 'hidden');
      // +20 less 0.5 and 0.51 in fees on a margin of 100: +18.99 %.
      await expect(image).toHaveAttribute(
        'alt',
        en
          ? /^BTC\/USDT · Long · Perpetual · 10x · Return \+18\.99% · [A-Z0-9]+$/
          : /^BTC\/USDT · 做多 · 永续合约 · 10x · 收益率 \+18\.99% · [A-Z0-9]+$/,
      );
      expect(await image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1080);
      await saveScreens(page, `journey-share-card-${tag}`);
      await page.getByTestId('share-card-amounts').check();
      await expect(image).toHaveAttribute('data-amounts', 'shown');
      await expect(image).toHaveAttribute('alt', en ? /PnL \+18\.99 USDT/ : /盈亏 \+18\.99 USDT/);
      // No share sheet in this browser: the card is saved as a PNG.
      const download = page.waitForEvent('download');
      await page.getByTestId('share-card-send').click();
      expect((await download).suggestedFilename()).toBe('tradeflip-btcusdt.png');
      await page.keyboard.press('Escape');
    });

    await test.step('VIP shows the turnover of both round trips, Feedback takes a message', async () => {
      await page.goto('/pages/vip/index');
      await expect(page.getByTestId('vip-turnover')).toHaveText('1,000.00 USDT');
      await expect(page.getByTestId('vip-level')).toHaveText('VIP1');
      await saveScreens(page, `journey-vip-${tag}`);
      await page.goto('/pages/feedback/index');
      await page.getByTestId('feedback-content').fill(en ? 'Sharing works nicely.' : '分享很好用。');
      await page.getByTestId('feedback-send').click();
      await expect(page.locator('article[data-testid^="feedback-"]')).toHaveCount(1);
    });

    await test.step('Profile: the VIP badge and every entry; then the language', async () => {
      await page.goto('/pages/user/index');
      await expect(page.getByTestId('profile-vip')).toHaveText('VIP1');
      for (const entry of [
        'menu-assets',
        'menu-deposit-records',
        'menu-withdraw-records',
        'menu-invite',
        'menu-vip',
        'menu-feedback',
        'menu-account',
        'menu-password',
        'menu-language',
      ]) {
        await expect(page.getByTestId(entry)).toBeVisible();
      }
      await saveScreens(page, `journey-profile-${tag}`);
      await page.getByTestId('menu-language').click();
      await page.getByTestId(en ? 'lang-zh-CN' : 'lang-en-US').click();
      await page.goto('/pages/user/index');
      await expect(page.getByTestId('menu-invite')).toContainText(en ? '邀请好友' : 'Invite friends');
    });
  });
}
