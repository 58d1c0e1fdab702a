// Issue 4, acceptance 6 and 7: a person's deposit and withdrawal paths at phone size, on the local
// Anvil chains the embedded default starts. Deposit: address + QR → test USDT sent with
// `npm run chain:deposit` → confirming (n/N) → completed, balance grown. Withdraw: every validation
// message in the browser → password sheet → reviewing (expected within 24 h) → the operator approves
// from the CLI → on-chain (tx hash) → completed, the recipient's token balance grown on the chain;
// another withdrawal rejected with a reason returns the funds.
import type { Page } from '@playwright/test';
import { admin, chainDeposit } from '../support/admin';
import { newEmail, newPassword, registerInBrowser, saveScreens } from '../support/app';
import { mineBlocks, tokenBalance } from '../support/chain';
import { expect, test } from '../support/fixtures';

test.describe.configure({ timeout: 180_000 });

const RECIPIENT = '0x8ba1f109551bD432803012645Ac136ddd64DBA72';

/**
 * Taps Withdraw until the password sheet opens: a second tap within 800 ms of the last one is ignored
 * (spec §9 anti-repeat), as it is for a person.
 */
async function openPasswordSheet(page: Page) {
  await expect(async () => {
    await page.getByTestId('withdraw-submit').click();
    await expect(page.getByTestId('withdraw-sheet')).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 10_000 });
}

async function fillWithdrawal(page: Page, address: string, amount: string) {
  await page.getByTestId('withdraw-address').fill(address);
  await page.getByTestId('withdraw-amount').fill(amount);
}

test('a person deposits test USDT on BEP20, then withdraws it to an address', async ({ page }) => {
  const email = newEmail('chain');
  const password = newPassword();
  await page.goto('/pages/register/index');
  await registerInBrowser(page, email, password);

  let depositAddress = '';
  await test.step('Deposit shows the person’s own BEP20 address with a QR code and the minimum', async () => {
    await page.getByTestId('entry-deposit').click();
    await expect(page).toHaveURL(/\/pages\/wallet\/deposit/);
    await page.getByTestId('deposit-network-BEP20').click();
    await expect(page.getByTestId('deposit-address')).toHaveText(/^0x[0-9a-fA-F]{40}$/);
    depositAddress = (await page.getByTestId('deposit-address').textContent()) ?? '';
    await expect(page.getByTestId('deposit-qr')).toHaveAttribute('data-value', depositAddress);
    await expect(page.getByTestId('deposit-min')).toContainText('1');
    await expect(page.getByTestId('deposit-copy')).toBeVisible();
    await saveScreens(page, 'deposit-bep20');
  });

  await test.step('chain:deposit sends 25 USDT: the Deposit page sees it arrive, confirming (n/N), then completed', async () => {
    const out = await chainDeposit(email, '25', 'BEP20');
    expect(out.toLowerCase()).toContain(depositAddress.toLowerCase());
    // Nobody reloads: the page follows the deposit records by itself (issue 9).
    const arriving = page.getByTestId('deposit-arriving');
    await expect(arriving).toContainText(/Deposit detected, confirming \d+\/15/, { timeout: 30_000 });
    await saveScreens(page, 'deposit-detected');
    await page.getByTestId('deposit-records').click();
    const item = page.getByTestId('deposit-item').first();
    await expect(item.getByTestId('deposit-item-status')).toHaveAttribute('data-status', 'confirming');
    await expect(item.getByTestId('deposit-item-status')).toContainText(/\d+\/15/);
    await expect(item.getByTestId('deposit-item-amount')).toContainText('+25');
    await saveScreens(page, 'deposit-list-confirming');
    await mineBlocks('BEP20', 15);
    await expect(item.getByTestId('deposit-item-status')).toHaveAttribute('data-status', 'completed', {
      timeout: 20_000,
    });
    await page.getByTestId('deposit-item').first().click();
    await expect(page.getByTestId('deposit-detail-txhash')).toHaveAttribute('data-value', /^0x[0-9a-f]{64}$/);
    await expect(page.getByTestId('deposit-detail-processed')).not.toHaveText('--');
    await saveScreens(page, 'deposit-detail-completed');
    await page.goto('/pages/asset/total');
    await expect(page.getByTestId('asset-row-USDT').getByTestId('asset-row-total')).toHaveText('25');
  });

  await test.step('Withdraw shows every validation message of the spec', async () => {
    await page.goto('/pages/wallet/withdraw');
    await page.getByTestId('withdraw-network-BEP20').click();
    await expect(page.getByTestId('withdraw-available')).toContainText('25');
    await fillWithdrawal(page, '0x1234', '12');
    await page.getByTestId('withdraw-submit').click();
    await expect(page.getByText('Invalid address')).toBeVisible();
    await fillWithdrawal(page, RECIPIENT, '12.1234567');
    await page.getByTestId('withdraw-submit').click();
    await expect(page.getByText('Up to 6 decimals')).toBeVisible();
    await fillWithdrawal(page, RECIPIENT, '5');
    await page.getByTestId('withdraw-submit').click();
    await expect(page.getByText('Amount must be ≥ minimum 10')).toBeVisible();
    await fillWithdrawal(page, RECIPIENT, '30');
    await page.getByTestId('withdraw-submit').click();
    await expect(page.getByText('Amount exceeds the available balance')).toBeVisible();
    await saveScreens(page, 'withdraw-validation');
  });

  let withdrawalId = '';
  await test.step('a withdrawal confirmed with the login password is reviewing (expected within 24 h)', async () => {
    await fillWithdrawal(page, RECIPIENT, '12.5');
    await expect(page.getByTestId('withdraw-fee')).toContainText('0.5');
    await expect(page.getByTestId('withdraw-arrival')).toContainText('12.5');
    await openPasswordSheet(page);
    const sheet = page.getByTestId('withdraw-sheet');
    await page.getByTestId('withdraw-confirm').click();
    await expect(sheet.getByText('Please enter your password')).toBeVisible();
    await page.getByTestId('withdraw-password').fill(password);
    await saveScreens(page, 'withdraw-password-sheet');
    await page.getByTestId('withdraw-confirm').click();
    await expect(page).toHaveURL(/\/pages\/wallet\/withdrawDetail\?id=\d+/);
    withdrawalId = new URL(page.url()).searchParams.get('id') ?? '';
    await expect(page.getByTestId('withdrawal-detail-status')).toContainText('expected within 24 h');
    await expect(page.getByTestId('withdrawal-detail-order')).toHaveText(/^W\d+/);
    await saveScreens(page, 'withdrawal-reviewing');
  });

  await test.step('the operator approves: on-chain with a tx hash, then completed; the recipient is paid', async () => {
    const before = await tokenBalance('BEP20', RECIPIENT);
    await admin('withdraw:approve', withdrawalId);
    await expect
      .poll(
        async () => {
          await page.reload();
          return page.getByTestId('withdrawal-detail-status').getAttribute('data-status');
        },
        { timeout: 30_000 },
      )
      .toMatch(/processing|completed/);
    await mineBlocks('BEP20', 15);
    await expect
      .poll(
        async () => {
          await page.reload();
          return page.getByTestId('withdrawal-detail-status').getAttribute('data-status');
        },
        { timeout: 30_000 },
      )
      .toBe('completed');
    await expect(page.getByTestId('withdrawal-detail-txhash')).toHaveAttribute(
      'data-value',
      /^0x[0-9a-f]{64}$/,
    );
    await saveScreens(page, 'withdrawal-completed');
    expect((await tokenBalance('BEP20', RECIPIENT)) - before).toBe(12_500_000_000_000_000_000n);
  });

  await test.step('a rejected withdrawal shows the reason and returns the funds', async () => {
    // 25 − 12.5 − 0.5 = 12 left.
    await page.goto('/pages/wallet/withdraw');
    await page.getByTestId('withdraw-network-BEP20').click();
    await expect(page.getByTestId('withdraw-available')).toContainText('12');
    await fillWithdrawal(page, RECIPIENT, '10');
    await openPasswordSheet(page);
    await page.getByTestId('withdraw-password').fill(password);
    await page.getByTestId('withdraw-confirm').click();
    await expect(page).toHaveURL(/\/pages\/wallet\/withdrawDetail\?id=\d+/);
    const id = new URL(page.url()).searchParams.get('id') ?? '';
    await admin('withdraw:reject', id, '--reason', 'Address on a block list');
    await page.reload();
    await expect(page.getByTestId('withdrawal-detail-status')).toHaveAttribute('data-status', 'rejected');
    await expect(page.getByTestId('withdrawal-detail-reject-reason')).toHaveText('Address on a block list');
    await saveScreens(page, 'withdrawal-rejected');
    await page.goto('/pages/asset/total');
    await expect(page.getByTestId('asset-row-USDT').getByTestId('asset-row-total')).toHaveText('12');
  });

  await test.step('the records in Chinese: each status in its words and colour', async () => {
    await page.evaluate(() => localStorage.setItem('app.lang', 'zh-CN'));
    await page.goto('/pages/wallet/withdrawList');
    const items = page.getByTestId('withdrawal-item');
    await expect(items).toHaveCount(2);
    await expect(items.nth(0).getByTestId('withdrawal-item-status')).toContainText('已拒绝');
    await expect(items.nth(1).getByTestId('withdrawal-item-status')).toContainText('已完成');
    const rejected = await items
      .nth(0)
      .getByTestId('withdrawal-item-status')
      .evaluate((el) => getComputedStyle(el).color);
    const completed = await items
      .nth(1)
      .getByTestId('withdrawal-item-status')
      .evaluate((el) => getComputedStyle(el).color);
    expect(rejected).not.toBe(completed);
    await saveScreens(page, 'withdrawal-list-zh');
    await page.goto('/pages/wallet/depositList');
    await expect(page.getByTestId('deposit-item').first().getByTestId('deposit-item-status')).toContainText(
      '已完成',
    );
    await saveScreens(page, 'deposit-list-zh');
    await page.goto('/pages/wallet/withdraw');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('提现');
    await saveScreens(page, 'withdraw-zh');
    await page.evaluate(() => localStorage.setItem('app.lang', 'en-US'));
  });
});
